import { CALLS } from '@wallet/contract/core';
import { callApi } from '../../../api/client';

/** A single-use ticket that opens one stream (an EventSource cannot sign its request). */
export const fetchEventsTicket = (): Promise<string> => callApi(CALLS.eventsTicket, {}, { quiet: true }).then((answer) => answer.ticket);
