export { UpgradeDialog, type UpgradeDialogProps } from './components/upgrade-dialog';
export { UpgradeHost } from './components/upgrade-host';
export { PlanSettingsCard } from './components/plan-settings-card';
export { JoinPlanPage } from './routes/join-plan-page';
export { openUpgradeDialog, closeUpgradeDialog, type UpgradeRequest } from './lib/upgrade-store';
export { upgradeReasonText } from './lib/plan-view';
