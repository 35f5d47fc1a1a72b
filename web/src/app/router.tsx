import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  redirect,
  useLoaderData,
  type LoaderFunctionArgs,
} from 'react-router';
import { meQuery } from '../features/auth/auth.queries.ts';
import type { ShareAccess } from '../features/shares/share-access.ts';
import { openShareLink } from '../features/shares/share-link.ts';
import { staticAuthQuery } from '../features/shares/shares.queries.ts';
import { ApiError } from '../lib/api-client.ts';
import { readSessionToken } from '../lib/session-token.ts';
import { CollectionRoute } from '../routes/collection.tsx';
import { LoginRoute } from '../routes/login.tsx';
import { NotFoundRoute } from '../routes/not-found.tsx';
import { PostRoute } from '../routes/post.tsx';
import { PublicCollectionRoute } from '../routes/public-collection.tsx';
import { AppShell } from './app-shell.tsx';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { LinkNotShared } from './link-not-shared.tsx';
import { PublicShell } from './public-shell.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Routes a public share token may open (PRODUCT.md#route-guard: `/s`, and `/p/{id}` and
 * `/p/{id}/read` "also with static auth").
 */
const STATIC_AUTH_PATHS = /^\/(s|p\/\d+(\/read)?)\/?$/;

/**
 * A route whose module loads when it is first opened, so the first page carries only the
 * collection view (at most 200 KB of gzipped JavaScript).
 */
function lazyRoute<M>(load: () => Promise<M>, component: (module: M) => ComponentType) {
  return async () => ({ Component: component(await load()) });
}

/**
 * What the guard lets a page be: seen through a share, by the signed-in user (`share` null), or a
 * share link that opens nothing (`unshared`, knowing whether someone is signed in here).
 */
type GuardResult =
  | { share: ShareAccess | null; unshared?: undefined }
  | { share: null; unshared: { signedIn: boolean } };

/** The shell of a page: the public one when it is seen through a share token. */
function Layout() {
  const { share, unshared } = useLoaderData<GuardResult>();
  if (unshared) return <LinkNotShared signedIn={unshared.signedIn} />;
  return share ? <PublicShell share={share} /> : <AppShell />;
}

/**
 * The route table (PRODUCT.md#routes). Everything but /login, /forgot, /reset and unknown paths
 * sits in a layout behind the guard: the shell of signed-in users, or the public frame of a share
 * link. The editor routes load lazily: Tiptap is most of the app's weight.
 */
export function createAppRouter(queryClient: QueryClient) {
  /**
   * PRODUCT.md#route-guard: routes needing a user load it with the stored token (the API client
   * refreshes once on 401); without a token or a user the way leads to /login. Without a
   * network (or a server) the shell opens anyway and says it is offline: only the server's
   * answer can end a session.
   */
  async function requireUser() {
    if (!readSessionToken()) throw redirect('/login');
    try {
      await queryClient.query({ ...meQuery, staleTime: 'static' });
    } catch (error) {
      if (error instanceof ApiError) throw redirect('/login');
    }
    return null;
  }

  /**
   * PRODUCT.md#route-guard: a route that allows static auth and has a `token` query resolves it
   * (GET /api/shares/public/me); a token that opens nothing, or `/s` without one, is a link that
   * is no longer shared (PRODUCT.md#public-view). Every other route needs a user.
   */
  async function guard({ request }: LoaderFunctionArgs): Promise<GuardResult> {
    const url = new URL(request.url);
    const token = url.searchParams.get('token');
    const isShareView = url.pathname === '/s' || url.pathname === '/s/';
    if ((token !== null && STATIC_AUTH_PATHS.test(url.pathname)) || isShareView) {
      const share = await openShareLink(token, (valid) =>
        queryClient.query({ ...staticAuthQuery(valid), staleTime: 'static' }),
      );
      if (share) return { share };
      return { share: null, unshared: { signedIn: readSessionToken() !== null } };
    }
    await requireUser();
    return { share: null };
  }

  return createBrowserRouter([
    { path: '/login', element: <LoginRoute />, errorElement: <RouteError /> },
    {
      path: '/forgot',
      lazy: lazyRoute(
        () => import('../routes/forgot.tsx'),
        (m) => m.ForgotRoute,
      ),
      // Shown while the page's module loads when it is the first page opened.
      HydrateFallback: FullPageSpinner,
      errorElement: <RouteError />,
    },
    {
      path: '/reset',
      lazy: lazyRoute(
        () => import('../routes/reset.tsx'),
        (m) => m.ResetRoute,
      ),
      // Shown while the page's module loads when it is the first page opened.
      HydrateFallback: FullPageSpinner,
      errorElement: <RouteError />,
    },
    {
      loader: guard,
      element: <Layout />,
      HydrateFallback: FullPageSpinner,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <CollectionRoute /> },
        {
          path: 'c/create',
          lazy: lazyRoute(
            () => import('../routes/collection-create.tsx'),
            (m) => m.CollectionCreateRoute,
          ),
        },
        { path: 'c/:collectionId', element: <CollectionRoute /> },
        {
          path: 'c/:collectionId/edit',
          lazy: lazyRoute(
            () => import('../routes/collection-edit.tsx'),
            (m) => m.CollectionEditRoute,
          ),
        },
        {
          path: 'c/:collectionId/p/create',
          lazy: lazyRoute(
            () => import('../routes/post-create.tsx'),
            (m) => m.PostCreateRoute,
          ),
        },
        { path: 'p/:postId', element: <PostRoute /> },
        {
          path: 'p/:postId/read',
          lazy: lazyRoute(
            () => import('../routes/post-read.tsx'),
            (m) => m.PostReadRoute,
          ),
        },
        { path: 's', element: <PublicCollectionRoute /> },
        {
          path: 'import',
          lazy: lazyRoute(
            () => import('../routes/import-hub.tsx'),
            (m) => m.ImportHubRoute,
          ),
        },
        {
          path: 'import/bookmarks',
          lazy: lazyRoute(
            () => import('../routes/import-bookmarks.tsx'),
            (m) => m.ImportBookmarksRoute,
          ),
        },
        {
          path: 'export/bookmarks',
          lazy: lazyRoute(
            () => import('../routes/export-bookmarks.tsx'),
            (m) => m.ExportBookmarksRoute,
          ),
        },
        {
          path: 'save-from-browser',
          lazy: lazyRoute(
            () => import('../routes/save-from-browser.tsx'),
            (m) => m.SaveFromBrowserRoute,
          ),
        },
        {
          path: 'favorites',
          lazy: lazyRoute(
            () => import('../routes/favorites.tsx'),
            (m) => m.FavoritesRoute,
          ),
        },
        {
          path: 'search',
          lazy: lazyRoute(
            () => import('../routes/search.tsx'),
            (m) => m.SearchRoute,
          ),
        },
        {
          path: 'tags',
          lazy: lazyRoute(
            () => import('../routes/tags.tsx'),
            (m) => m.TagsRoute,
          ),
        },
        {
          path: 'tags/create',
          lazy: lazyRoute(
            () => import('../routes/tag-form.tsx'),
            (m) => m.TagCreateRoute,
          ),
        },
        {
          path: 'tags/:tagId',
          lazy: lazyRoute(
            () => import('../routes/tag.tsx'),
            (m) => m.TagRoute,
          ),
        },
        {
          path: 'tags/:tagId/edit',
          lazy: lazyRoute(
            () => import('../routes/tag-form.tsx'),
            (m) => m.TagEditRoute,
          ),
        },
        {
          path: 'restore',
          lazy: lazyRoute(
            () => import('../routes/recycle-bin.tsx'),
            (m) => m.RecycleBinRoute,
          ),
        },
        {
          path: 'users',
          lazy: lazyRoute(
            () => import('../routes/users.tsx'),
            (m) => m.UsersRoute,
          ),
        },
        {
          path: 'users/create',
          lazy: lazyRoute(
            () => import('../routes/user-create.tsx'),
            (m) => m.UserCreateRoute,
          ),
        },
        {
          path: 'users/:userId',
          lazy: lazyRoute(
            () => import('../routes/user-edit.tsx'),
            (m) => m.UserEditRoute,
          ),
        },
      ],
    },
    { path: '*', element: <NotFoundRoute /> },
  ]);
}
