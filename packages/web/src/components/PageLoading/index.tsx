import './index.css';

/** Shown while the first navigation resolves; plain markup so the entry chunk stays small. */
export default function PageLoading() {
  return (
    <div className="page-loading" role="progressbar" aria-busy="true">
      <span className="page-loading__dot" />
      <span className="page-loading__dot" />
      <span className="page-loading__dot" />
    </div>
  );
}
