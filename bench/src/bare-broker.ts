/**
 * The broker alone, for the ingest benchmark's ratio: a bare Aedes broker in a process of its own
 * (as the server's embedded one is) with one QoS 1 subscriber to every box's data, which only
 * counts. Forked by the benchmark; answers its port, then the messages received when asked.
 */
import { createServer } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';

const broker = await Aedes.createBroker();
const server = createServer(broker.handle);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let received = 0;
const subscriber = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: 'bare-subscriber' });
subscriber.on('message', () => {
  received += 1;
});
await subscriber.subscribeAsync('cloudbox/+/up/data', { qos: 1 });

process.on('message', (message) => {
  if (message === 'count') process.send!({ received });
  if (message === 'stop') {
    void subscriber.endAsync().then(() => broker.close(() => server.close(() => process.exit(0))));
  }
});
process.send!({ port });
