import type { ApiInput, ApiOutput } from '@store/api/client';
import { call } from '../api';

export type SetupStatus = ApiOutput<'GET /api/setup'>;
export type Starter = SetupStatus['starters'][number];
export type SetupValues = ApiInput<'POST /api/setup'>['body'];

/** First run (no site yet) and publishing the site: the calls the setup screen and the banner make. */
export const setupApi = {
  status: () => call('GET /api/setup'),
  create: (values: SetupValues) => call('POST /api/setup', { body: values }),
  launch: () => call('GET /api/studio/launch'),
  publishSite: () => call('POST /api/studio/launch'),
};
