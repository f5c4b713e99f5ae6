import type { EventLogEntry, EventRuleCreateInput, EventRuleItem, EventRuleUpdateInput, Page, RuleRegisterChoice } from '@cloudbox/domain';
import { fetchEnvelope, request, type QueryParams } from '../utils/request';

/** Event rules as data and the fleet's event log, for root: /event-rules and /event-log. Changes answer the envelope: its message says what was done. */

const rule = (id: number) => `/event-rules/${id}`;

export const listEventRules = (params: QueryParams) => request<Page<EventRuleItem>>('/event-rules', { params });
export const getEventRule = (id: number) => request<EventRuleItem>(rule(id));
export const ruleRegisters = (deviceType: string) => request<RuleRegisterChoice[]>(`/event-rules/registers/${encodeURIComponent(deviceType)}`);
export const createEventRule = (input: EventRuleCreateInput) => fetchEnvelope<EventRuleItem>('/event-rules', { method: 'POST', data: input });
export const updateEventRule = (id: number, input: EventRuleUpdateInput) => fetchEnvelope<EventRuleItem>(rule(id), { method: 'PUT', data: input });
export const setEventRuleEnabled = (id: number, enabled: boolean) =>
  fetchEnvelope<EventRuleItem>(`${rule(id)}/enabled`, { method: 'PATCH', data: { enabled } });
export const deleteEventRule = (id: number) => fetchEnvelope<null>(rule(id), { method: 'DELETE' });

export const listEventLog = (params: QueryParams) => request<Page<EventLogEntry>>('/event-log', { params });
