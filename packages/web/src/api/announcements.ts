import type { AnnouncementInput, AnnouncementItem, Page, ReceivedAnnouncement, ReceivedAnnouncementPage } from '@cloudbox/domain';
import { fetchEnvelope, request, type QueryParams } from '../utils/request';

/** Announcements: root's (/announcements) and what the signed-in user receives. Changes answer the envelope: its message says what was done. */

const one = (id: number) => `/announcements/${id}`;

export const listAnnouncements = (params: QueryParams) => request<Page<AnnouncementItem>>('/announcements', { params });
export const getAnnouncement = (id: number) => request<AnnouncementItem>(one(id));
export const createAnnouncement = (input: AnnouncementInput) => fetchEnvelope<AnnouncementItem>('/announcements', { method: 'POST', data: input });
export const updateAnnouncement = (id: number, input: AnnouncementInput) => fetchEnvelope<AnnouncementItem>(one(id), { method: 'PUT', data: input });
export const withdrawAnnouncement = (id: number) => fetchEnvelope<AnnouncementItem>(`${one(id)}/withdraw`, { method: 'POST' });

export const receivedAnnouncements = (params: QueryParams) => request<ReceivedAnnouncementPage>('/announcements/received', { params });
export const signInAnnouncements = () => request<ReceivedAnnouncement[]>('/announcements/sign-in');
export const markAnnouncementRead = (id: number) => request<null>(`${one(id)}/read`, { method: 'POST' });
export const acknowledgeAnnouncement = (id: number) => request<null>(`${one(id)}/acknowledge`, { method: 'POST' });
