import { createBrowserRouter } from 'react-router';
import { Shell } from '../shell/shell.tsx';
import { NotFoundScreen } from '../screens/error-screens.tsx';
import { ROUTES } from './route-table.ts';
import { RouteScreen } from './screens.tsx';

/** Every route of the table under the shell; anything else is not found. */
export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <Shell />,
      children: [
        ...ROUTES.map((route) => ({ path: route.path, element: <RouteScreen id={route.id} /> })),
        { path: '*', element: <NotFoundScreen /> },
      ],
    },
  ]);
}
