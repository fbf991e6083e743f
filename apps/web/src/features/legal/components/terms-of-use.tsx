import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { Article, Heading, Paragraph } from '@/components/ui/article';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

export function TermsOfUse() {
  const { productName, companyName, companyAddress, contactEmail } = env;
  return (
    <Article title="Terms of Use">
      <Paragraph>
        These terms govern the use of {productName}, a web service of {companyName}, {companyAddress} (“we”),
        for detecting and classifying biofouling on ship hulls and similar surfaces.
      </Paragraph>

      <Heading>1. Who may use the service</Heading>
      <Paragraph>
        {productName} is offered to businesses only: companies in commercial or industrial maritime activity,
        such as ship or fleet operators (“clients”). Private or non-commercial use is prohibited. Only
        employees or representatives whom the client has authorised may use the service on its behalf, and the
        client is responsible for their actions.
      </Paragraph>

      <Heading>2. Your account</Heading>
      <Paragraph>
        You register with a username, a password and your company e-mail address; addresses of private e-mail
        providers are not accepted. Your registration becomes active once you confirm it through the link we
        e-mail to you. After registration, please enter your company information, including your tax ID. Keep
        your credentials confidential and tell us at once at {contactEmail} if you suspect misuse.
      </Paragraph>

      <Heading>3. Credits, prices and payment</Heading>
      <Paragraph>
        The service is paid per image. Running a prediction costs Credits for every image and chosen
        resolution; the price per image is shown before you start a run. Every new account receives 50 free
        Credits. Further Credits are bought through the hosted checkout of our card payment provider; prices
        are shown in euro excluding VAT. Fees and Credits are non-refundable, except where a processing error
        on our side prevented a result, in which case the Credits for the affected images are returned.
        Non-payment may lead to the suspension of the account.
      </Paragraph>

      <Heading>4. Your images and results</Heading>
      <Paragraph>
        Upload only images that your business owns or is entitled to have analysed, showing hulls,
        infrastructure or other surfaces subject to biofouling, and containing no personal data. You keep all
        rights in your images and results; you allow us to store and process them for as long as needed to
        provide the service to you. Results are produced by machine-learning models and support, but do not
        replace, the judgement of qualified inspectors.
      </Paragraph>

      <Heading>5. Availability and maintenance</Heading>
      <Paragraph>
        We aim for high availability. Planned maintenance that interrupts the service is announced at least 48
        hours in advance.
      </Paragraph>

      <Heading>6. Termination</Heading>
      <Paragraph>
        You may delete your account at any time on the account page. If either party breaches these terms, the
        other party may terminate the agreement if the breach is not remedied within 15 days of written notice
        (the cure period).
      </Paragraph>

      <Heading>7. Changes to these terms</Heading>
      <Paragraph>
        We will tell you about changes to these terms or to our{' '}
        <Link component={RouterLink} to={paths.legal.privacy}>
          Privacy Policy
        </Link>{' '}
        by e-mail. You have 30 days to accept them; if you do not, you may terminate the agreement before the
        changes take effect.
      </Paragraph>

      <Heading>8. Liability and law</Heading>
      <Paragraph>
        We are liable without limitation for intent and gross negligence and as mandatory law requires;
        otherwise our liability is limited to the foreseeable damage typical for this kind of contract. These
        terms are governed by the law of the Federal Republic of Germany.
      </Paragraph>

      <Heading>Contact</Heading>
      <Paragraph>
        {companyName}, {companyAddress}, <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
      </Paragraph>
    </Article>
  );
}
