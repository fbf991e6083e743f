import { z } from 'zod';
import { MessageResponse, idParam } from './common.js';
import { GaDrawing, GaDrawingZonesUpdate } from './ga-drawing.js';
import { route } from './route-definition.js';

const VesselParams = z.object({ id: idParam });

/** Issue 40 §1, the alternative: the ship's own General Arrangement drawing as its hull plan. */
export const gaDrawingRoutes = {
  vesselGaDrawing: route({
    operationId: 'vesselGaDrawing',
    method: 'GET',
    path: '/api/vessels/:id/ga-drawing/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: "The vessel's GA drawing: its size and the zone rectangles placed on it; 404 if it has none",
    params: VesselParams,
    response: GaDrawing,
  }),
  uploadVesselGaDrawing: route({
    operationId: 'uploadVesselGaDrawing',
    method: 'POST',
    path: '/api/vessels/:id/ga-drawing/',
    auth: true,
    tag: 'vessels',
    status: 201,
    summary:
      'Upload the vessel\'s GA drawing (multipart, field "drawing": PNG or JPEG, at most 10 MB and 40 million pixels; SVG is refused). Replaces an earlier drawing; zone rectangles that no longer fit are dropped',
    params: VesselParams,
    response: GaDrawing,
    multipart: true,
  }),
  vesselGaDrawingImage: route({
    operationId: 'vesselGaDrawingImage',
    method: 'GET',
    path: '/api/vessels/:id/ga-drawing/image/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: "The vessel's GA drawing as uploaded (PNG or JPEG)",
    params: VesselParams,
    response: null,
    download: ['image/png', 'image/jpeg'],
  }),
  updateVesselGaDrawingZones: route({
    operationId: 'updateVesselGaDrawingZones',
    method: 'POST',
    path: '/api/vessels/:id/ga-drawing/zones/update/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: 'Place the hull zones on the GA drawing: one rectangle per zone, inside the drawing',
    params: VesselParams,
    body: GaDrawingZonesUpdate,
    response: GaDrawing,
  }),
  deleteVesselGaDrawing: route({
    operationId: 'deleteVesselGaDrawing',
    method: 'POST',
    path: '/api/vessels/:id/ga-drawing/delete/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: 'Remove the GA drawing and its zone rectangles: the drawn plan is used again',
    params: VesselParams,
    response: MessageResponse,
  }),
};
