import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The hash router reads the address when it renders and listens for changes only when
 * it commits. Hydration runs as a transition (decision 0171) and can take a while on a
 * slow phone, so a back press or a typed address in between is not heard: the page
 * would show one route while the address says another. Once the first commit is done
 * this compares the two and, where they differ, follows the address.
 */
export function FollowAddressAtStart() {
  const location = useLocation();
  const navigate = useNavigate();
  // After the commit's layout effects, the router's listener among them: a change up to then is caught.
  useEffect(() => {
    const address = window.location.hash.replace(/^#/, '') || '/';
    if (address !== location.pathname + location.search) void navigate(address, { replace: true });
    // Only once: afterwards the router's own listener follows the address.
  }, []);
  return null;
}
