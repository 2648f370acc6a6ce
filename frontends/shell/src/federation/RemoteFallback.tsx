import { useContext } from 'react';
import { RemoteRetryContext } from './remote-retry-context';

/** Shown in place of a remote that could not be loaded or crashed; the layout around it keeps working. */
export function RemoteFallback() {
  const retry = useContext(RemoteRetryContext);
  return (
    <section className="remote-fallback" role="alert">
      <h1>이 영역을 불러오지 못했습니다</h1>
      <p>일시적인 문제일 수 있습니다. 잠시 후 다시 시도해 주세요. 다른 메뉴는 그대로 이용하실 수 있습니다.</p>
      <button type="button" onClick={retry}>
        다시 시도
      </button>
    </section>
  );
}
