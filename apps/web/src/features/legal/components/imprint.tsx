import Link from '@mui/material/Link';
import { Article, Heading, Paragraph } from '@/components/ui/article';
import { type AppEnv, env } from '@/config/env';

/** The provider's legal identity (§ 5 DDG for a German GmbH), all from the build's configuration. */
export function Imprint({ settings = env }: { settings?: AppEnv }) {
  const { companyName, companyAddress, contactEmail, managingDirector, commercialRegister, vatId } = settings;
  return (
    <Article title="Imprint">
      <Heading>Provider</Heading>
      <Paragraph>
        {companyName}
        <br />
        {companyAddress}
      </Paragraph>
      <Heading>Represented by</Heading>
      <Paragraph>Managing director: {managingDirector}</Paragraph>
      <Heading>Register entry</Heading>
      <Paragraph>Commercial register: {commercialRegister}</Paragraph>
      <Heading>VAT ID</Heading>
      <Paragraph>VAT identification number (§ 27a UStG): {vatId}</Paragraph>
      <Heading>Contact</Heading>
      <Paragraph>
        E-mail: <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
      </Paragraph>
    </Article>
  );
}
