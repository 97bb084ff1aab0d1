/** The origin of an app's own host: the builder's scheme and port on `{slug}.{APPS_DOMAIN}`. */
export function appOriginOf({ publicUrl, appsDomain }: { publicUrl: string; appsDomain: string }) {
  const builderUrl = new URL(publicUrl);
  const port = builderUrl.port ? `:${builderUrl.port}` : '';
  return (slug: string): string => `${builderUrl.protocol}//${slug}.${appsDomain}${port}`;
}
