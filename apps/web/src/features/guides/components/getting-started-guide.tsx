import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Article, Paragraph } from '@/components/ui/article';
import { paths } from '@/config/paths';

const steps: { title: string; text: ReactNode }[] = [
  {
    title: 'Enter your company data',
    text: (
      <>
        Enter your company data on the{' '}
        <Link component={RouterLink} to={paths.app.account}>
          account page
        </Link>
        . It is needed to buy Credits.
      </>
    ),
  },
  {
    title: 'Buy Credits (optional)',
    text: (
      <>
        Buy Credits on the{' '}
        <Link component={RouterLink} to={paths.app.transactions}>
          transactions page
        </Link>
        . Every new account starts with 50 free Credits.
      </>
    ),
  },
  {
    title: 'Create a project',
    text: (
      <>
        On the{' '}
        <Link component={RouterLink} to={paths.app.projects}>
          projects page
        </Link>
        , click Create Project, enter the details and click Create.
      </>
    ),
  },
  {
    title: 'Upload images',
    text: 'Open the project, click Upload, choose your images and click Upload. You can also choose a whole folder of a survey, or a diver or ROV video: its sharp, distinct frames are picked for you to check, and only those are uploaded. Film steadily, perpendicular to the hull, well lit, in slow passes.',
  },
  {
    title: 'Schedule a prediction',
    text: 'Click Schedule Prediction, pick a model and a resolution, select the images and click Validate Data, then run the prediction. A progress indicator shows at the top while it runs. Then select an image to review its results.',
  },
  {
    title: 'Download the results',
    text: 'Download All Project Data gives you the whole project; Download Single Image Data, below the selected image on the left, gives you one image with its predictions.',
  },
];

export function GettingStartedGuide() {
  return (
    <Article title="Getting Started">
      <Paragraph>Six steps from your first images to downloadable results.</Paragraph>
      <Stepper orientation="vertical" nonLinear activeStep={-1}>
        {steps.map((step) => (
          <Step key={step.title} expanded active>
            <StepLabel>
              <Typography sx={{ fontWeight: 600 }}>{step.title}</Typography>
            </StepLabel>
            <StepContent>
              <Typography variant="body2">{step.text}</Typography>
            </StepContent>
          </Step>
        ))}
      </Stepper>
    </Article>
  );
}
