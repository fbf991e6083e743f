import Box from '@mui/material/Box';
import { Article, Heading, Paragraph } from '@/components/ui/article';

const baseClasses = [
  ['Background', 'excluded from the percentage calculations'],
  ['Clean Structure', 'paint or structure without fouling'],
  ['Slime/Algae', 'flat, soft fouling'],
  ['Soft Fouling', 'volumetric soft fouling'],
  ['Hard Fouling', 'calcareous fouling such as mussels or barnacles'],
] as const;

const evoClasses = [
  'Background',
  'Clean Structure',
  'Light Slime',
  'Heavy Slime/Algae',
  'Soft Fouling',
  'Hard Fouling',
];

export function HelpArticle() {
  return (
    <Article title="Help">
      <Heading>Taking good images</Heading>
      <ul>
        <li>
          Hold the camera perpendicular to the surface. Angled shots make large parts of the image unusable.
        </li>
        <li>
          Whether a diver, a drone or an ROV takes the images makes no difference. Even illumination helps.
        </li>
      </ul>

      <Heading>Photo quality</Heading>
      <Paragraph>
        Every uploaded photo is graded Good, Fair or Poor from its pixels: sharpness, contrast (murky water
        and haze lower it), exposure, colour cast, compression artefacts and how much of the frame shows hull.
        The grade shows on each thumbnail, and the reasons beside the selected photo; the Photo quality filter
        finds the poor ones. A poor photo is still analysed and shown, but the inspection summary and the
        report leave it out of its zone's rating unless you switch on Count poor-quality photos in ratings;
        the report lists the photos left out and why.
      </Paragraph>

      <Heading>Filming the hull</Heading>
      <Paragraph>
        You can upload a diver or ROV video instead of photos: the upload dialog takes one frame every second
        (or the interval you choose), skips blurry frames and frames nearly the same as the one kept before,
        and shows the kept frames so you can untick any before uploading. The video is read in your browser;
        only the frames are uploaded, each named after the video and its time, such as port-side@01:05.0.jpg.
      </Paragraph>
      <ul>
        <li>Keep the camera steady: frames blurred by shaking or fast turns are skipped.</li>
        <li>Film perpendicular to the hull, as for photos, at a steady distance.</li>
        <li>Light the surface evenly; a lamp close to the hull beats stirring up sediment to see.</li>
        <li>
          Make slow, overlapping passes, for example along one strake at a time, so each stretch of hull shows
          sharply in at least one frame.
        </li>
        <li>Choose the hull zone before uploading: every frame of the upload gets it.</li>
      </ul>

      <Heading>Large surveys</Heading>
      <Paragraph>
        Choose or drop a whole folder, or hundreds of photos at once: they are sent in batches. Files already
        in the project (same content) are skipped, so after a dropped connection simply run the same upload
        again. At the end the dialog lists every file that was not stored, with the reason.
      </Paragraph>

      <Heading>Resolutions</Heading>
      <Paragraph>
        There are two resolution options: standard (max 800px) and Full HD (max 1920px). Uploaded images are
        resized to the chosen resolution, and the resized image is included in the results.
      </Paragraph>

      <Heading>Why a class can be wrong</Heading>
      <Paragraph>
        Misclassifications come mostly from lighting, water turbidity and marine snow, and from how hard it is
        to tell light slime, heavy slime and algae apart.
      </Paragraph>

      <Heading>Model classes</Heading>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box>
          <Paragraph>
            <strong>Base models</strong>
          </Paragraph>
          <ul>
            {baseClasses.map(([label, meaning]) => (
              <li key={label}>
                {label}: {meaning}
              </li>
            ))}
          </ul>
        </Box>
        <Box>
          <Paragraph>
            <strong>Evo models</strong>
          </Paragraph>
          <ul>
            {evoClasses.map((label) => (
              <li key={label}>
                {label === 'Background' ? 'Background (excluded from the percentages)' : label}
              </li>
            ))}
          </ul>
        </Box>
      </Box>
    </Article>
  );
}
