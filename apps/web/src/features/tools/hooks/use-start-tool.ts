import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { APP_NAME_MAX_LENGTH } from '@tessera/contracts/apps';
import { errorMessage } from '../../../shared/api';
import { createToolApp } from '../api/tools';

/** A tool app's name from what the builder typed: its first line, cut to the name limit. */
export function toolNameOf(text: string): string {
  const line = text.trim().split('\n')[0]!.trim();
  if (line.length <= APP_NAME_MAX_LENGTH) return line;
  return `${line.slice(0, APP_NAME_MAX_LENGTH - 1).trimEnd()}…`;
}

/**
 * Starts a single AI tool from Home: a tool app named after the text and its first tool, then the
 * tool builder opens on its texts. One start at a time (a double click makes one tool).
 */
export function useStartTool() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start(text: string) {
    const name = toolNameOf(text);
    if (!name || isPending) return;
    setIsPending(true);
    setError(null);
    try {
      const { appId, toolId } = await createToolApp(name);
      void queryClient.invalidateQueries({ queryKey: ['apps'] });
      navigate(`/build/app/${appId}/tool/${toolId}`);
    } catch (err) {
      setError(errorMessage(err));
      setIsPending(false);
    }
  }

  return { start, isPending, error, reset: () => setError(null) };
}
