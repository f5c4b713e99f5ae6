import ErrorPage from './ErrorPage';

export default function Unauthorized() {
  return <ErrorPage status={401} />;
}
