import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TEMPLATE_MESSAGES, type TemplateSummary } from '@tessera/contracts/templates';
import { toast } from '@tessera/ui';
import { openUpgradeDialog } from '../../plans';
import { errorMessage, isApiError } from '../../../shared/api';
import { useUseTemplate } from '../api/templates';

const newKey = () => crypto.randomUUID();

/** Whether the builder's plan keeps them from a Pro template (free plan, not an admin). */
export const isProLocked = (template: TemplateSummary, account: { plan: string; isAdmin: boolean } | undefined) =>
  template.isPro && account?.plan === 'lite' && !account.isAdmin;

/**
 * "Use template": makes the builder's own copy and opens its editor (a single tool's: its tool
 * builder). One request key per template until it succeeds, so a double click or a retry after a
 * lost answer gives back the same copy. A plan refusal (a Pro template, too many data items) opens
 * the upgrade dialog with its reason.
 */
export function useStartFromTemplate() {
  const use = useUseTemplate();
  const navigate = useNavigate();
  const [keys] = useState(() => new Map<string, string>());

  function start(template: TemplateSummary, isLocked: boolean) {
    if (isLocked) {
      openUpgradeDialog({ reason: 'default', message: TEMPLATE_MESSAGES.proOnly });
      return;
    }
    if (use.isPending) return;
    const requestKey = keys.get(template.templateId) ?? newKey();
    keys.set(template.templateId, requestKey);
    use.mutate(
      { templateId: template.templateId, requestKey },
      {
        // A single tool's copy opens in its tool builder, an app's in its editor.
        onSuccess: (app) => navigate(`/build/app/${app.appId}${app.toolId ? `/tool/${app.toolId}` : ''}`),
        onError: (err) => {
          if (isApiError(err) && err.code === 'PLAN_LIMIT_REACHED') {
            const reason = (err.details as { upgradeReason?: string } | undefined)?.upgradeReason ?? 'default';
            openUpgradeDialog({ reason, message: err.message });
          } else toast.error(errorMessage(err));
        },
      },
    );
  }

  return {
    start,
    /** The template whose copy is being made (or made, while the editor opens). */
    pendingId: use.isPending || use.isSuccess ? use.variables?.templateId : undefined,
  };
}
