import Link from '@mui/material/Link';
import { Article, Heading, Paragraph } from '@/components/ui/article';
import { env } from '@/config/env';

export function Imprint() {
  const { companyName, companyAddress, contactEmail } = env;
  return (
    <Article title="Imprint">
      <Heading>Provider</Heading>
      <Paragraph>
        {companyName}
        <br />
        {companyAddress}
      </Paragraph>
      <Heading>Contact</Heading>
      <Paragraph>
        E-mail: <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
      </Paragraph>
    </Article>
  );
}
