export { ExportDialog, type ExportDialogProps } from './components/export-dialog';
