import { z } from 'zod';
import {
  Cleaning,
  CleaningComparison,
  CleaningCreateRequest,
  CleaningList,
  CleaningParams,
  CleaningUpdateRequest,
} from './cleanings.js';
import { MessageResponse, idParam } from './common.js';
import { route } from './route-definition.js';

const VesselParams = z.object({ id: idParam });

/** Issue 40 §6: cleanings of a vessel, each linking an inspection before and one after, and their comparison. */
export const cleaningRoutes = {
  listCleanings: route({
    operationId: 'listCleanings',
    method: 'GET',
    path: '/api/vessels/:id/cleanings/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: "The vessel's cleanings, newest first",
    params: VesselParams,
    response: CleaningList,
  }),
  createCleaning: route({
    operationId: 'createCleaning',
    method: 'POST',
    path: '/api/vessels/:id/cleanings/',
    auth: true,
    tag: 'vessels',
    status: 201,
    summary:
      'Record a cleaning: two different inspections of this vessel, the one before dated no later than the one after, and the cleaning between them',
    params: VesselParams,
    body: CleaningCreateRequest,
    response: Cleaning,
  }),
  getCleaning: route({
    operationId: 'getCleaning',
    method: 'GET',
    path: '/api/vessels/:id/cleanings/:cleaningId/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: 'One cleaning',
    params: CleaningParams,
    response: Cleaning,
  }),
  updateCleaning: route({
    operationId: 'updateCleaning',
    method: 'POST',
    path: '/api/vessels/:id/cleanings/:cleaningId/update/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary:
      'Change a cleaning: the fields sent change, checked together with the others; null clears an optional one',
    params: CleaningParams,
    body: CleaningUpdateRequest,
    response: Cleaning,
  }),
  deleteCleaning: route({
    operationId: 'deleteCleaning',
    method: 'POST',
    path: '/api/vessels/:id/cleanings/:cleaningId/delete/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: 'Delete a cleaning; its inspections stay',
    params: CleaningParams,
    response: MessageResponse,
  }),
  cleaningComparison: route({
    operationId: 'cleaningComparison',
    method: 'GET',
    path: '/api/vessels/:id/cleanings/:cleaningId/comparison/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary:
      'Before and after the cleaning per zone: status, rating, coverage per class and the worst photo of each side (signed inspections as signed)',
    params: CleaningParams,
    response: CleaningComparison,
  }),
  cleaningComparisonPdf: route({
    operationId: 'cleaningComparisonPdf',
    method: 'GET',
    path: '/api/vessels/:id/cleanings/:cleaningId/comparison/download/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: 'The comparison as a PDF report with the photos side by side',
    params: CleaningParams,
    response: null,
    download: ['application/pdf'],
  }),
};
