import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { solidImage, upload } from '../../support/images.js';
import { CLASS, bandMask, palettePng, postMask, predictedProject } from '../../support/masks.js';
import { pdfPages } from '../../support/pdf.js';
import { fixtureModelId, readZip, resolutionId } from '../../support/predictions.js';
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
});
afterAll(() => t.close());

const SIGNER = { name: 'Grace Hopper', position: 'Superintendent' };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('signing an inspection (issue 39 §4)', () => {
  it('stores the signed report.json with its hash, freezes every write until reopened, then signs revision 2', async () => {
    const { user, base, imageIds, predictionIds } = await predictedProject(t);
    const headers = user.headers;
    const draft = (await t.app.inject({ method: 'GET', url: `${base}/report.json`, headers })).json();
    expect(draft).toMatchObject({ revision: 1, signature: null });

    const signed = await t.app.inject({ method: 'POST', url: `${base}/sign/`, headers, payload: SIGNER });
    expect(signed.statusCode, signed.body).toBe(201);
    const signature = signed.json();
    expect(signature).toMatchObject({ revision: 1, ...SIGNER, signed_by: { id: user.userId } });

    const stored = await t.app.inject({ method: 'GET', url: `${base}/revisions/1/report.json`, headers });
    expect(stored.statusCode).toBe(200);
    expect(sha256(stored.rawPayload)).toBe(signature.report_sha256);
    expect(JSON.parse(stored.body)).toMatchObject({ revision: 1, signature: { ...SIGNER, revision: 1 } });
    // While signed, the report routes and the ZIP give the signed record itself.
    expect((await t.app.inject({ method: 'GET', url: `${base}/report.json`, headers })).json()).toEqual(
      JSON.parse(stored.body),
    );
    const zip = await readZip(
      (await t.app.inject({ method: 'GET', url: `${base}/download/`, headers })).rawPayload,
    );
    expect(sha256(zip.get('report.json')!)).toBe(signature.report_sha256);
    const pdf = (
      await pdfPages((await t.app.inject({ method: 'GET', url: `${base}/report/`, headers })).rawPayload)
    ).join('\n');
    expect(pdf).toContain('Signature (revision 1)');
    expect(pdf).toContain('Grace Hopper');
    // The hash may wrap at the end of its line.
    expect(pdf.replace(/\s+/g, '')).toContain(signature.report_sha256);
    const summary = (
      await t.app.inject({ method: 'GET', url: `${base}/inspection-summary/`, headers })
    ).json();
    expect(summary.signature).toMatchObject({ revision: 1, name: 'Grace Hopper' });

    // Every write that would change the record is refused with the same message.
    const frozen = 'This inspection is signed (revision 1). Reopen it to change it.';
    const writes = [
      await upload(t.app, headers, Number(base.split('/').pop()), [
        { name: 'late.png', data: await solidImage('png') },
      ]),
      await t.app.inject({ method: 'DELETE', url: `${base}/image/${imageIds[0]}/delete/`, headers }),
      await t.app.inject({
        method: 'PATCH',
        url: `${base}/image/${imageIds[0]}/update/`,
        headers,
        payload: { hull_zone: 'flat_bottom' },
      }),
      await t.app.inject({
        method: 'PATCH',
        url: `${base}/images/update/`,
        headers,
        payload: { images: imageIds, hull_zone: 'flat_bottom' },
      }),
      await t.app.inject({
        method: 'POST',
        url: `${base}/request-predict/`,
        headers,
        payload: {
          model: await fixtureModelId(t.app, headers),
          resolution: await resolutionId(t.app, headers, 'standard'),
          images: imageIds,
        },
      }),
      await postMask(
        t.app,
        headers,
        `${base}/predictionset/${predictionIds[0]}/masks/`,
        await palettePng(bandMask([400, CLASS.clean])),
      ),
      await t.app.inject({
        method: 'POST',
        url: `${base}/predictionset/${predictionIds[0]}/masks/0/restore/`,
        headers,
      }),
      await t.app.inject({
        method: 'POST',
        url: `${base}/image/${imageIds[0]}/review/`,
        headers,
        payload: { state: 'accepted' },
      }),
      await t.app.inject({ method: 'PATCH', url: `${base}/update/`, headers, payload: { name: 'Renamed' } }),
      await t.app.inject({ method: 'PATCH', url: `${base}/inspection-areas/update/`, headers, payload: {} }),
      await t.app.inject({ method: 'DELETE', url: `${base}/delete/`, headers }),
      await t.app.inject({ method: 'POST', url: `${base}/sign/`, headers, payload: SIGNER }),
    ];
    for (const [index, answer] of writes.entries()) {
      expect(answer.statusCode, `write ${index}: ${answer.body}`).toBe(409);
      expect(answer.json().detail).toBe(frozen);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/image-details/`, headers })).json(),
    ).toHaveLength(1);

    const reopened = await t.app.inject({
      method: 'POST',
      url: `${base}/reopen/`,
      headers,
      payload: { reason: 'A photo of the rudder was missed.' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ signed: false, next_revision: 2 });
    expect(reopened.json().revisions[0]).toMatchObject({
      revision: 1,
      reopen_reason: 'A photo of the rudder was missed.',
      reopened_by: { id: user.userId },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/reopen/`, headers, payload: { reason: 'again' } }))
        .statusCode,
    ).toBe(409);

    // Open again: a correction is accepted, and the next signature is revision 2 with its own record.
    const corrected = await postMask(
      t.app,
      headers,
      `${base}/predictionset/${predictionIds[0]}/masks/`,
      await palettePng(bandMask([400, CLASS.clean])),
    );
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `${base}/report.json`, headers })).json().revision).toBe(
      2,
    );
    const second = await t.app.inject({ method: 'POST', url: `${base}/sign/`, headers, payload: SIGNER });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().revision).toBe(2);
    const revisions = (await t.app.inject({ method: 'GET', url: `${base}/revisions/`, headers })).json();
    expect(revisions).toMatchObject({ signed: true, next_revision: 3 });
    expect(revisions.revisions.map((entry: { revision: number }) => entry.revision)).toEqual([1, 2]);
    // Revision 1 stays as it was signed.
    const first = await t.app.inject({ method: 'GET', url: `${base}/revisions/1/report.json`, headers });
    expect(first.rawPayload).toEqual(stored.rawPayload);
    const secondJson = await t.app.inject({ method: 'GET', url: `${base}/revisions/2/report.json`, headers });
    expect(sha256(secondJson.rawPayload)).toBe(second.json().report_sha256);
    expect(JSON.parse(secondJson.body).summary.all_zones.review).toMatchObject({ reviewed: 1, corrected: 1 });
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/revisions/3/report.json`, headers })).statusCode,
    ).toBe(404);

    const audit = (await t.app.inject({ method: 'GET', url: '/api/organisation/audit/', headers })).json();
    const actions = audit.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['inspection.sign', 'inspection.reopen', 'mask.correct']));
  });

  it('refuses a signature without name or position, and lets neither a viewer sign nor another organisation see it', async () => {
    const { user, base } = await predictedProject(t);
    const blank = await t.app.inject({
      method: 'POST',
      url: `${base}/sign/`,
      headers: user.headers,
      payload: { name: ' ', position: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      name: ['Enter the name of the person signing.'],
      position: ['Enter the position of the person signing.'],
    });
    const viewer = await teammate(t, user, user.organisationId, 'viewer');
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/sign/`, headers: viewer.team, payload: SIGNER }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/revisions/`, headers: viewer.team })).statusCode,
    ).toBe(200);
    const member = await teammate(t, user, user.organisationId, 'member');
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/sign/`, headers: member.team, payload: SIGNER }))
        .statusCode,
    ).toBe(201);
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    for (const [method, url, payload] of [
      ['GET', `${base}/revisions/`, undefined],
      ['GET', `${base}/revisions/1/report.json`, undefined],
      ['POST', `${base}/reopen/`, { reason: 'x' }],
      ['POST', `${base}/sign/`, SIGNER],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers: stranger.headers, payload });
      expect(answer.statusCode, url).toBe(404);
    }
  });

  it('refuses to sign while checklist areas in use are undecided, naming them', async () => {
    const { user, base } = await predictedProject(t);
    const decided = await t.app.inject({
      method: 'PATCH',
      url: `${base}/inspection-areas/update/`,
      headers: user.headers,
      payload: { flat_bottom: { status: 'inspected' } },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const undecided: string[] = decided.json().undecided;
    const answer = await t.app.inject({
      method: 'POST',
      url: `${base}/sign/`,
      headers: user.headers,
      payload: SIGNER,
    });
    if (undecided.length === 0) {
      expect(answer.statusCode).toBe(201);
      return;
    }
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().detail).toMatch(/^Decide these areas of the checklist before signing: /);
  });
});

describe('the vessel of a signed inspection', () => {
  it('cannot be deleted until the inspection is reopened', async () => {
    const { user, base } = await predictedProject(t);
    const vessel = await t.app.inject({
      method: 'POST',
      url: '/api/vessels/',
      headers: user.headers,
      payload: { name: 'MV Keel' },
    });
    expect(vessel.statusCode, vessel.body).toBe(201);
    const vesselId: number = vessel.json().id;
    const linked = await t.app.inject({
      method: 'PATCH',
      url: `${base}/update/`,
      headers: user.headers,
      payload: { vessel: vesselId },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const signed = await t.app.inject({
      method: 'POST',
      url: `${base}/sign/`,
      headers: user.headers,
      payload: SIGNER,
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const deleteVessel = () =>
      t.app.inject({ method: 'DELETE', url: `/api/vessels/${vesselId}/delete/`, headers: user.headers });

    const refused = await deleteVessel();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/signed inspection names this vessel/);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/`, headers: user.headers })).json().vessel,
    ).toBe(vesselId);

    const reopened = await t.app.inject({
      method: 'POST',
      url: `${base}/reopen/`,
      headers: user.headers,
      payload: { reason: 'The vessel record is replaced.' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await deleteVessel()).statusCode).toBe(200);
    expect((await deleteVessel()).statusCode).toBe(404);
  });
});

describe('sign and write at once (issue 39 §4 races)', () => {
  it('never lets a signature and a mask save or an upload both succeed', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { user, base, projectId, predictionIds } = await predictedProject(t);
      const headers = user.headers;
      const mask = await palettePng(bandMask([200, CLASS.hard], [200, CLASS.clean]));
      const [sign, save, uploaded] = await Promise.all([
        t.app.inject({ method: 'POST', url: `${base}/sign/`, headers, payload: SIGNER }),
        postMask(t.app, headers, `${base}/predictionset/${predictionIds[0]}/masks/`, mask),
        upload(t.app, headers, projectId, [{ name: `late-${round}.png`, data: await solidImage('png') }]),
      ]);
      expect([201, 409]).toContain(sign.statusCode);
      if (sign.statusCode === 201) {
        // Whatever got in first is in the signed record; whatever came after was refused.
        const record = JSON.parse(
          (await t.app.inject({ method: 'GET', url: `${base}/revisions/1/report.json`, headers })).body,
        );
        const corrected = record.summary.all_zones.review.corrected === 1;
        expect(save.statusCode === 201, `mask save ${save.statusCode}`).toBe(corrected);
        const names = [...record.images, ...record.images_without_prediction].map(
          (image: { image_name: string }) => image.image_name,
        );
        expect(uploaded.statusCode === 201, `upload ${uploaded.statusCode}`).toBe(
          names.includes(`late-${round}.png`),
        );
      } else {
        expect(save.statusCode).toBe(201);
      }
    }
  });

  it('of two reopenings, or a signature and a reopening, one wins cleanly', async () => {
    const { user, base } = await predictedProject(t);
    const headers = user.headers;
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/sign/`, headers, payload: SIGNER })).statusCode,
    ).toBe(201);
    const reopenings = await Promise.all(
      [1, 2].map((n) =>
        t.app.inject({ method: 'POST', url: `${base}/reopen/`, headers, payload: { reason: `r${n}` } }),
      ),
    );
    expect(reopenings.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const signatures = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: 'POST', url: `${base}/sign/`, headers, payload: SIGNER })),
    );
    expect(signatures.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const revisions = (await t.app.inject({ method: 'GET', url: `${base}/revisions/`, headers })).json();
    expect(revisions.revisions.map((entry: { revision: number }) => entry.revision)).toEqual([1, 2]);
    expect(revisions.signed).toBe(true);
  });
});
