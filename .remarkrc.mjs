// The link check of `npm run lint:links`: relative links and #anchors must resolve in the checkout.
// `repository: false` keeps it offline and reading only local files (no hosted-git look-ups).
import remarkValidateLinks from 'remark-validate-links';

export default {
  plugins: [[remarkValidateLinks, { repository: false }]],
};
