/**
 * True while a back-office screen's loaders run again for a new address of the same screen (other
 * filters, another page, its own link in the navigation): its table shows skeleton rows meanwhile
 * (product.md §9: five). A change sent with useStaffAction reloads the data too, but keeps the rows on
 * screen: fetchers leave the navigation idle.
 */
import { useLocation, useNavigation } from 'react-router';

export function useScreenReloading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return (
    navigation.state === 'loading' && !navigation.formMethod && navigation.location.pathname === pathname
  );
}
