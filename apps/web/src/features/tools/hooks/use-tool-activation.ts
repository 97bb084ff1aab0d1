import { useState } from 'react';
import { type PlanId } from '@tessera/contracts/plans';
import {
  ACTIVATED_TOOL_PER_APP_LIMIT_REACHED,
  TOOL_MESSAGES,
  activationRefusal,
  fillMessage,
} from '@tessera/contracts/tools';
import { toast } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { toolsApi } from '../api/tools';

export interface ActivationTarget {
  toolId: string;
  title: string;
}

/**
 * The activate toggle's rules (docs/product/tools.md#states-and-transitions): a tool needs a title
 * to go live; at the plan's live-tool limit the upgrade prompt opens (reason
 * ACTIVATED_TOOL_PER_APP_LIMIT_REACHED). After going live the Activate Your Tool dialog shows the link.
 */
export function useToolActivation({
  appId,
  isAdmin,
  liveToolLimit,
  activeCount,
  beforeChange,
  onChanged,
}: {
  appId: string;
  plan: PlanId;
  isAdmin: boolean;
  liveToolLimit: number;
  /** Live tools of the app now. */
  activeCount: number;
  /** Runs first (the builder saves its pending edits, so the server judges the newest title). */
  beforeChange?: () => Promise<void>;
  onChanged: (toolId: string, isActive: boolean, publicUrl: string) => void;
}) {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [upgradeMessage, setUpgradeMessage] = useState<string | null>(null);
  const [liveLink, setLiveLink] = useState<{ url: string; title: string } | null>(null);
  const isAtLimit = !isAdmin && activeCount >= liveToolLimit;
  const limitMessage = fillMessage(TOOL_MESSAGES.liveToolLimit, { n: liveToolLimit });

  async function toggle(tool: ActivationTarget, isActive: boolean) {
    if (isActive) {
      const refusal = activationRefusal(tool, activeCount, liveToolLimit, isAdmin);
      if (refusal?.upgradeReason === ACTIVATED_TOOL_PER_APP_LIMIT_REACHED) {
        setUpgradeMessage(refusal.message);
        return;
      }
      if (refusal) {
        toast.error(refusal.message);
        return;
      }
    }
    setPendingId(tool.toolId);
    try {
      await beforeChange?.();
      const result = await toolsApi.activate(appId, tool.toolId, isActive);
      onChanged(tool.toolId, isActive, result.publicUrl);
      if (isActive) setLiveLink({ url: result.publicUrl, title: result.tool.title });
      else toast.success(`${result.tool.title || 'The tool'} is a draft again`);
    } catch (error) {
      if (isApiError(error) && error.code === 'PLAN_LIMIT_REACHED') setUpgradeMessage(error.message);
      else toast.error(isApiError(error) ? error.message : TOOL_MESSAGES.saveToolFailed);
    } finally {
      setPendingId(null);
    }
  }

  return {
    toggle,
    pendingId,
    isAtLimit,
    upgradeMessage,
    openUpgrade: () => setUpgradeMessage(limitMessage),
    closeUpgrade: () => setUpgradeMessage(null),
    liveLink,
    showLink: (url: string, title: string) => setLiveLink({ url, title }),
    closeLink: () => setLiveLink(null),
  };
}

export type ToolActivation = ReturnType<typeof useToolActivation>;
