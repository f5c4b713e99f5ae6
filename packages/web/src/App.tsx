import { RouterProvider } from 'react-router';
import { router } from './router';

/**
 * The routes, and nothing else: antd's providers wrap the signed-in console and the error pages
 * (ConsoleProviders), so the log-in page loads neither antd nor its locales.
 */
export default function App() {
  return <RouterProvider router={router} />;
}
