import path from 'node:path';
import type { AppConfig } from '../../app';
import { type MediaStorage, localDiskStorage } from './media-storage';
import { s3Storage } from './s3-storage';

/** The media storage the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function configuredMediaStorage(config: Pick<AppConfig, 'mediaS3' | 'dataDir'>): MediaStorage {
  return config.mediaS3 ? s3Storage(config.mediaS3) : localDiskStorage(path.join(config.dataDir, 'media'));
}
