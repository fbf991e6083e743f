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
    title: 'Add your vessel',
    text: (
      <>
        On the{' '}
        <Link component={RouterLink} to={paths.app.vessels}>
          vessels page
        </Link>
        , click Add Vessel and enter its name, IMO number and other particulars. Its page then follows the
        fouling of every inspection linked to it.
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
        , click Create Project, enter the details and click Create. Under Inspection details, choose the
        Vessel to link the inspection to it, and record the date, method, inspector and visibility; Edit
        Project changes them later.
      </>
    ),
  },
  {
    title: 'Upload images',
    text: 'Open the project, click Upload, choose your images and click Upload. You can also choose a whole folder of a survey, or a diver or ROV video: its sharp, distinct frames are picked for you to check, and only those are uploaded. Film steadily, perpendicular to the hull, well lit, in slow passes.',
  },
  {
    title: 'Set the hull zones',
    text: 'Choose the Hull zone the images show in the upload dialog before you upload them. To change it later, tick the images in the list and click Set hull zone; the summary and the report follow at once.',
  },
  {
    title: 'Schedule a prediction',
    text: 'Click Schedule Prediction, pick a model and a resolution, select the images and click Validate Data, then run the prediction. A progress indicator shows at the top while it runs. Then select an image to review its results.',
  },
  {
    title: 'Review the inspection summary',
    text: 'Click Inspection Summary for the overall rating and, per hull zone, its rating on the IMO fouling scale, its coverage and its photos worst first. Click a photo to open it in the viewer.',
  },
  {
    title: 'Download the inspection report',
    text: 'Download Inspection Report gives a compact PDF with the key photos: the worst of each zone and the flagged ones. With all photos gives the same report with every photo.',
  },
  {
    title: 'Download the results',
    text: 'Download All Project Data gives you the whole project; Download Single Image Data, below the selected image on the left, gives you one image with its predictions.',
  },
];

export function GettingStartedGuide() {
  return (
    <Article title="Getting Started">
      <Paragraph>
        From your vessel and first images to the inspection report and downloadable results.
      </Paragraph>
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
