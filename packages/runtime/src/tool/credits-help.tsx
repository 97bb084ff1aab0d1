import { TOOL_PAGE_MESSAGES as T, type ToolPageBoot } from '@tessera/contracts/tool-page';
import { paywallUrl } from '../sdk';

/**
 * What an end user out of credits can do (docs/product/tools.md#credits): ask the app's owner (at
 * its support e-mail when it has one) and, where the app sells memberships, become a member.
 */
export function CreditsHelp({ boot }: { boot: Pick<ToolPageBoot, 'name' | 'supportEmail' | 'hasPaidMemberships'> }) {
  return (
    <div className="tt-credits-help" data-testid="credits-help">
      {boot.supportEmail ? (
        <p>
          {T.creditsGetMoreAt.replace('{app}', boot.name)}{' '}
          <a href={`mailto:${boot.supportEmail}`}>{boot.supportEmail}</a>.
        </p>
      ) : (
        <p>{T.creditsGetMore.replace('{app}', boot.name)}</p>
      )}
      {boot.hasPaidMemberships ? (
        <a className="tt-secondary" href={paywallUrl()}>
          {T.becomeMember}
        </a>
      ) : null}
    </div>
  );
}
