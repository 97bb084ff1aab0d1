import { useState } from 'react';
import { MESSAGES } from '@tessera/contracts';
import { toast } from '@tessera/ui';
import { errorMessage, saveBlob } from '../../../shared/api';
import { fetchAllRecords } from '../api/database';
import { exportFileName, toCsv } from '../lib/csv-export';

/** Downloads every record of the entity as CSV: id, the fields, createdAt, creatorId. */
export function useCsvExport(appId: string, entity: string, fields: readonly string[]) {
  const [isExporting, setIsExporting] = useState(false);

  async function exportCsv() {
    setIsExporting(true);
    try {
      const all = await fetchAllRecords(appId, entity);
      if (!all.length) {
        toast.info(MESSAGES.database.noDataToExport);
        return;
      }
      const csvColumns = [
        { key: 'id', label: 'id' },
        ...fields.map((key) => ({ key, label: key })),
        { key: 'createdAt', label: 'createdAt' },
        { key: 'creatorId', label: 'creatorId' },
      ];
      saveBlob(exportFileName(entity), new Blob([toCsv(csvColumns, all)], { type: 'text/csv;charset=utf-8' }));
    } catch (err) {
      toast.error('Failed to export data', { description: errorMessage(err) });
    } finally {
      setIsExporting(false);
    }
  }

  return { isExporting, exportCsv };
}
