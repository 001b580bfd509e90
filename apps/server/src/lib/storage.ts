/**
 * Where uploaded files live. Every app server must see every file (a buyer uploads on one and
 * the next request may reach another), so besides the local folder (one server, the default)
 * any S3-compatible store can hold them (STORAGE=s3: AWS S3, MinIO, R2, Ceph...).
 */
import fs from 'node:fs';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { ConfigError } from '../config.js';

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** Removes the file; no file is no error. */
  delete(key: string): Promise<void>;
}

/** Keys are made by the shop ("abc.png", "reviews/abc-d.webp"), never taken from a request as is. */
const safeKey = (key: string) => {
  if (!/^[\w-]+(\/[\w-]+)*\.\w+$/.test(key)) throw new Error(`bad storage key ${key}`);
  return key;
};

export class LocalStorage implements FileStorage {
  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = path.join(this.dir, safeKey(key));
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, body);
  }

  async get(key: string): Promise<Buffer | null> {
    return fs.promises.readFile(path.join(this.dir, safeKey(key))).catch(() => null);
  }

  async size(key: string): Promise<number | null> {
    return fs.promises.stat(path.join(this.dir, safeKey(key))).then(
      (s) => s.size,
      () => null,
    );
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(path.join(this.dir, safeKey(key)), { force: true });
  }
}

export interface S3Config {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (path-style URLs). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export class S3Storage implements FileStorage {
  private readonly client: AwsClient;
  constructor(private readonly config: S3Config) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: 's3',
    });
  }

  private url(key: string) {
    return `${this.config.endpoint.replace(/\/$/, '')}/${this.config.bucket}/${safeKey(key)}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'content-type': contentType },
    });
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.client.fetch(this.url(key));
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 GET ${key}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async size(key: string): Promise<number | null> {
    const res = await this.client.fetch(this.url(key), { method: 'HEAD' });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 HEAD ${key}: ${res.status}`);
    return Number(res.headers.get('content-length'));
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), { method: 'DELETE' });
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${res.status}`);
  }
}

/** STORAGE=s3 with S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; else the local folder. */
export function storageFromEnv(env: NodeJS.ProcessEnv, localDir: string): FileStorage {
  if (env.STORAGE !== 's3') return new LocalStorage(localDir);
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new ConfigError(`STORAGE=s3 needs ${name} (see the README, "Several servers")`);
    return v;
  };
  return new S3Storage({
    endpoint: need('S3_ENDPOINT'),
    bucket: need('S3_BUCKET'),
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
  });
}
