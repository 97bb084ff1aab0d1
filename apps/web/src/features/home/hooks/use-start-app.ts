import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { useCreateAppFromDescription } from '../api/apps';

const newKey = () => crypto.randomUUID();

/**
 * Starts an app from a description: creates it, opens the editor and hands the description over
 * as the first chat message (router state, sent once). One request key per description, so a
 * repeated submit (a double click, a retry after a lost answer) gives back the same app.
 */
export function useStartApp() {
  const create = useCreateAppFromDescription();
  const navigate = useNavigate();
  const [requestKey, setRequestKey] = useState(newKey);
  const [keyFor, setKeyFor] = useState('');

  function start(text: string) {
    const description = text.trim();
    if (!description || create.isPending) return;
    // A different description is a different app.
    const key = description === keyFor ? requestKey : newKey();
    setRequestKey(key);
    setKeyFor(description);
    create.mutate(
      { description, requestKey: key },
      { onSuccess: (app) => navigate(`/build/app/${app.appId}`, { state: { firstMessage: description } }) },
    );
  }

  return {
    start,
    isPending: create.isPending || create.isSuccess,
    error: create.error ? errorMessage(create.error) : null,
    reset: create.reset,
  };
}
