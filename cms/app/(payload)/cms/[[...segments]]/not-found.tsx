import type { Metadata } from 'next';
import { generatePageMetadata, NotFoundPage } from '@payloadcms/next/views';
import config from '../../../host-config';
import { importMap } from '../importMap.js';

interface Args {
  params: Promise<{ segments: string[] }>;
  searchParams: Promise<Record<string, string | string[]>>;
}

export const generateMetadata = ({ params, searchParams }: Args): Promise<Metadata> =>
  generatePageMetadata({ config, params, searchParams });

const NotFound = ({ params, searchParams }: Args) => NotFoundPage({ config, params, searchParams, importMap });

export default NotFound;
