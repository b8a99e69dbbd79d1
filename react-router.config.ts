import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // BUILD_DIR lets parallel work trees build and test without swapping each other's assets
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config;
