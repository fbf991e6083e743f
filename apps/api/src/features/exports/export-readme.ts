/** README.md at the top of every data export: what each file holds, for whoever imports it. */
export function exportReadme(exportedAt: string, formatVersion: number): string {
  return `# Hullscope data export

Exported ${exportedAt}. Format version ${formatVersion}. Every JSON file is UTF-8; times are ISO 8601
in UTC; ids are Hullscope's own and link the files to each other.

| File | What |
| --- | --- |
| \`account.json\` | The user (\`user\`: no password or token) and the company record (\`company\`) |
| \`vessels.json\` | The fleet: one object per vessel, as \`GET /api/vessels/{id}/\` describes it |
| \`cleanings.json\` | Every recorded cleaning: the vessel, the inspections before and after it (project ids), company, method, capture, certificate, date and notes |
| \`decision-rules.json\` | The rules that turn findings into actions, as \`GET /api/decision-rules/\` answers them (the defaults until changed) |
| \`projects.json\` | One object per inspection project, with \`folder\`: where its files are below \`projects/\` |
| \`prediction-requests.json\` | Every prediction run: model, resolution, price per image, images done and failed |
| \`credit-ledger.json\` | Every credit movement (sign-up bonus, purchases, charges, refunds); the balance is the sum of the \`SETTLED\` rows |
| \`payments.json\` | Every purchase's checkout: credits, net, VAT and total in cents, billing details as they were |
| \`projects/<folder>/report.json\` | The inspection report of the project, as \`GET /api/projects/{id}/report.json\` answers it |
| \`projects/<folder>/summary.csv\` | One row per prediction: image, model, version, resolution, date, hull zone, rating, confidence and the share of every class |
| \`projects/<folder>/<image>/\` | The uploaded original, and one folder per prediction with \`ORG.jpg\` (the photo at the prediction's resolution), \`PRED.png\` (the mask drawn in the classes' colours, the same size), \`STAT.png\` (the chart) and \`percentages.json\` |

Not included: the audit log and corrected mask versions, which this release does not keep yet.
`;
}
