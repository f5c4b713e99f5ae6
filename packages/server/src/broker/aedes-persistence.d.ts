// The two modules of aedes-persistence that the embedded broker builds its persistence from (retained.ts).
declare module 'aedes-persistence/asyncPersistence.js' {
  import type { Readable } from 'node:stream';

  export default class AsyncPersistence {
    storeRetained(packet: { topic: string; payload: Buffer }): Promise<void>;
    createRetainedStream(filter: string): Readable;
    createRetainedStreamCombi(filters: string[]): Readable;
  }
}

declare module 'aedes-persistence/callBackPersistence.js' {
  export class CallBackPersistence {
    constructor(factory: () => object, options?: object);
  }
}
