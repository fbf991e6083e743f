import type { RecordBook } from '@hullscope/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { RecordBookSection } from './record-book-section';

const SHA = 'c0ffee'.repeat(10) + 'abcd';
const BOOK: RecordBook = {
  generated_at: '2026-11-27T10:00:00.000Z',
  vessel: {
    id: 3,
    name: 'MV Kittiwake',
    imo_number: '9074729',
    flag: null,
    flag_name: null,
    vessel_type: null,
    gross_tonnage: null,
    antifouling_system: null,
  },
  entries: [
    {
      entry_type: 'inspection',
      entry_label: 'In-water inspection',
      project: 10,
      project_name: 'Spring survey',
      date: '2026-04-20',
      location: 'Rotterdam',
      method: 'Diver',
      inspected_by: 'Hull Divers BV',
      visibility: 'Good',
      areas_inspected: [
        {
          area: 'Flat bottom',
          rating: { value: 3, label: 'Medium macrofouling' },
          rating_source: 'inspector',
          antifouling_condition: 'Intact',
          notes: null,
        },
      ],
      areas_not_inspected: [{ area: 'Sea chest', reason: 'Not accessible', notes: 'Behind the fender' }],
      areas_not_recorded: [],
      overall_rating: { value: 3, label: 'Medium macrofouling' },
      fouling_found: 'Rated by the inspector.',
      antifouling_condition: 'Intact: Flat bottom',
      actions: [
        {
          urgency: 'Before the next voyage',
          action: 'Clean with capture',
          areas: ['Flat bottom'],
          rule: 'Rating 3 or worse',
        },
      ],
      next_inspection_due: '2027-04-20',
      person_in_charge: {
        name: 'Ada Lovelace',
        position: 'Chief Officer',
        signed_at: '2026-04-21T08:00:00.000Z',
      },
      evidence: { photos: 0, report: 'revision 1' },
      revision: {
        revision: 1,
        report_sha256: SHA,
        report_json_path: '/api/projects/10/revisions/1/report.json',
        signed_at: '2026-04-21T08:00:00.000Z',
        reopened: true,
        reopened_at: '2026-05-01T08:00:00.000Z',
        reopen_reason: 'Photos missed',
      },
      remarks:
        'Reopened on 2026-05-01 (Photos missed) and not signed again: this entry shows revision 1, the last signed.',
    },
  ],
  notes: [],
};

describe('the Record Book section (issue 40 §7)', () => {
  it('shows each entry with the areas not inspected, actions, person in charge and revision, and warns of a reopening', async () => {
    stubApi({ 'GET /api/vessels/3/record-book/': () => jsonResponse(BOOK) });
    renderWithApp(<RecordBookSection vesselId={3} />);
    const entry = await screen.findByRole('article', { name: 'Entry 1' });
    expect(within(entry).getByText('Entry 1: In-water inspection, 2026-04-20')).toBeInTheDocument();
    expect(within(entry).getByText('Sea chest: Not accessible (Behind the fender)')).toBeInTheDocument();
    expect(within(entry).getByText('Before the next voyage: Clean with capture')).toBeInTheDocument();
    expect(within(entry).getByText('Ada Lovelace, Chief Officer')).toBeInTheDocument();
    expect(within(entry).getByText(`Revision 1 · SHA-256 ${SHA}`)).toBeInTheDocument();
    expect(within(entry).getByRole('alert')).toHaveTextContent('not signed again');
    expect(screen.getByRole('button', { name: 'Download Record Book (PDF)' })).toBeEnabled();
  });

  it('says that an inspection appears once signed while the book is empty', async () => {
    stubApi({ 'GET /api/vessels/3/record-book/': () => jsonResponse({ ...BOOK, entries: [] }) });
    renderWithApp(<RecordBookSection vesselId={3} />);
    expect(await screen.findByText(/appears here once it is signed/)).toBeInTheDocument();
  });
});
