import type { DataMessage, DeviceItem, KlineCandle, Page, RegisterBoxInput } from '@cloudbox/domain';
import { boxTopics, MAGLEV_BLOWER } from '@cloudbox/domain';
import { expect, type APIRequestContext, type Page as BrowserPage } from '@playwright/test';
import ExcelJS from 'exceljs';
import mqtt, { type MqttClient } from 'mqtt';
import { readFile } from 'node:fs/promises';

/** The session token of a signed-in page (the `Admin-Token` cookie). */
export async function tokenOf(page: BrowserPage): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'Admin-Token');
  if (!cookie) throw new Error('not signed in');
  return cookie.value;
}

/** An API call with the page's session; answers `data` of a 20000 envelope. */
export async function api<T>(request: APIRequestContext, token: string, path: string, options: { method?: 'GET' | 'POST'; data?: unknown } = {}): Promise<T> {
  const response = await request.fetch(`/api/v2${path}`, {
    method: options.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}` },
    data: options.data,
  });
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, `${path}: ${body.message}`).toBe(20000);
  return body.data;
}

export function listDevices(request: APIRequestContext, token: string, query: Record<string, string>): Promise<Page<DeviceItem>> {
  return api<Page<DeviceItem>>(request, token, `/devices?${new URLSearchParams(query)}`);
}

/** A fresh box id that no demo box has. */
export function freshBoxId(): string {
  return `77${Date.now()}${Math.floor(Math.random() * 100)}`;
}

/** Registers a box as root (POST /boxes) and answers its MQTT secret. */
export async function registerBox(request: APIRequestContext, token: string, box: Partial<RegisterBoxInput> & { id: string }): Promise<string> {
  const result = await api<{ secret: string }>(request, token, '/boxes', {
    method: 'POST',
    data: {
      ck: '1001',
      owner_unit: `E2E ${box.id}`,
      model: 'CB-4G',
      latitude: 31.23,
      longitude: 121.47,
      controllers: [{ station: 1, device_type: 'maglev_blower', machine_model: 'MBF-E2E', device_number: `E2E-${box.id}` }],
      ...box,
    },
  });
  return result.secret;
}

/** Connects as the box over MQTT on the server's WebSocket path, as a real box would over TCP. */
export async function connectBox(baseURL: string, boxId: string, secret: string): Promise<MqttClient> {
  const url = `${baseURL.replace(/^http/, 'ws')}/mqtt`;
  const client = await mqtt.connectAsync(url, {
    username: boxId,
    password: secret,
    clientId: `box-${boxId}`,
    reconnectPeriod: 0,
    will: { topic: boxTopics(boxId).status, payload: Buffer.from('offline'), qos: 1, retain: true },
  });
  await client.publishAsync(boxTopics(boxId).hello, JSON.stringify({ model: 'CB-4G', software: 'e2e', iccid: '', ip: '127.0.0.1' }), { qos: 1 });
  return client;
}

/** Publishes samples of station 1; resolves once the server has stored them (QoS 1 is acked after commit). */
export async function publishSamples(client: MqttClient, boxId: string, samples: { ts: number; values: Record<string, number> }[]): Promise<void> {
  let seq = 0;
  for (const sample of samples) {
    const message: DataMessage = { ts: sample.ts, seq: seq++, controllers: [{ station: 1, values: sample.values }] };
    await client.publishAsync(boxTopics(boxId).data, JSON.stringify(message), { qos: 1 });
  }
}

/**
 * Waits until a box's hourly rollups (K-lines, long curves) hold `count` readings of its speed since
 * `from`: the server writes them every few seconds, not with each sample.
 */
export async function speedsRolledUp(request: APIRequestContext, token: string, boxId: string, from: number, count: number): Promise<void> {
  const path = `/devices/${boxId}/controllers/1/kline?register=${MAGLEV_BLOWER.speed}&interval=hour&from=${from}`;
  await expect
    .poll(async () => (await api<KlineCandle[]>(request, token, path)).reduce((sum, candle) => sum + candle.count, 0), { timeout: 20_000 })
    .toBe(count);
}

/** The rows of a downloaded workbook's first sheet, header first. */
export async function workbookRows(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
