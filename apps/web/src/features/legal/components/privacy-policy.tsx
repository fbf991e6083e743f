import Link from '@mui/material/Link';
import { Article, Heading, Paragraph } from '@/components/ui/article';
import { env } from '@/config/env';

export function PrivacyPolicy() {
  const { productName, companyName, companyAddress, privacyEmail } = env;
  return (
    <Article title="Privacy Policy">
      <Paragraph>
        This policy explains which personal data {companyName} processes when you use {productName}, why, and
        for how long.
      </Paragraph>

      <Heading>Controller</Heading>
      <Paragraph>
        {companyName}, {companyAddress}. Questions about data protection:{' '}
        <Link href={`mailto:${privacyEmail}`}>{privacyEmail}</Link>.
      </Paragraph>

      <Heading>What we process and why</Heading>
      <ul>
        <li>
          Account data (username, name, company e-mail address) and company data (name, address, country, tax
          ID): to provide the service, to bill it and to meet our legal duties (Art. 6 (1) (b) and (c) GDPR).
        </li>
        <li>
          Uploaded images and their results: only to produce and show you the results you ask for (Art. 6 (1)
          (b) GDPR). Images must not contain personal data.
        </li>
        <li>
          Credit transactions: to keep your balance and our accounting records (Art. 6 (1) (b) and (c) GDPR).
          Card payments are handled by our payment provider on its own checkout page; we never see your card
          details.
        </li>
        <li>
          Technical logs (time, address, request): to keep the service secure and working (Art. 6 (1) (f)
          GDPR).
        </li>
      </ul>

      <Heading>How long we keep it</Heading>
      <ul>
        <li>Business and account data: for the client relationship and up to five years after it ends.</li>
        <li>
          Uploaded images: for the client relationship and up to 90 days after it ends. You can delete images
          at any time.
        </li>
        <li>Technical logs: up to one year.</li>
      </ul>

      <Heading>Cookies and local storage</Heading>
      <Paragraph>
        We use only what is essential to run the service: your browser keeps your sign-in tokens in its local
        storage. There is no tracking and no advertising.
      </Paragraph>

      <Heading>Your rights</Heading>
      <Paragraph>
        You may ask for access to, correction, deletion or restriction of your data, object to its processing
        and receive it in a portable format. You may also complain to a data protection supervisory authority.
      </Paragraph>

      <Heading>Changes</Heading>
      <Paragraph>
        We announce changes to this policy by e-mail; they take effect after a grace period of 30 days.
      </Paragraph>
    </Article>
  );
}
