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
