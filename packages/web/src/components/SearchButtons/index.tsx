import { Button } from 'antd';

interface Props {
  /** The Search button's class, by which tests find it. */
  className: string;
  searchLabel: string;
  resetLabel: string;
  onSearch: () => void;
  onReset: () => void;
}

/** Search and Reset of a filter bar whose filters apply on Search (the logs' lists). */
export default function SearchButtons({ className, searchLabel, resetLabel, onSearch, onReset }: Props) {
  return (
    <>
      <Button type="primary" className={className} onClick={onSearch}>
        {searchLabel}
      </Button>
      <Button onClick={onReset}>{resetLabel}</Button>
    </>
  );
}
