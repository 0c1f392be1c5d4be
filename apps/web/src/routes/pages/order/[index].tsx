import {
  type ContractTypeFilter,
  contractStatusesInLifecycleOrder,
  displayPhone,
} from "@chayong/domain";
import {
  Button,
  ContractCard,
  EmptyState,
  ErrorState,
  ListSkeleton,
  PageHeader,
  SegmentedControl,
  Select,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import {
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
  useSuspenseQuery,
} from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { contractListQuery, currentUserQuery } from "../../../data/api-query";
import {
  type Contract,
  type ContractStatus,
  dueDateShown,
  isUnsigned,
} from "../../../features/contracts/contract-labels";
import {
  type OrderListSearch,
  orderListFilterOf,
  orderListSearchSchema,
} from "../../../features/contracts/order-list-search";
import { useLanguage } from "../../../language/language";
import { failureMessage } from "../../../session/screen-message";

// Not needed to show the first contracts: loaded when the lender first opens it (the entry
// page's size budget, scripts/size.ts).
const ContractExportSheet = lazy(() =>
  import("../../../features/contracts/contract-export-sheet").then((module) => ({
    default: module.ContractExportSheet,
  })),
);
// Pull to refresh is not needed to show the first contracts either: its code loads at the first
// touch of the screen (a pull starts with one). When it cannot load (offline), retry remains.
const PullToRefresh = lazy(() =>
  import("../../../shell/pull-to-refresh/pull-to-refresh").catch(() => ({ default: () => null })),
);

export const Route = createFileRoute("/pages/order/index")({
  staticData: {
    titleId: "orderList.title",
    tab: "order",
    loadingId: "orderList.loading",
    loadFailedId: "orderList.loadFailed",
  },
  validateSearch: orderListSearchSchema,
  loaderDeps: ({ search }) => ({ status: search.status, type: search.type }),
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const list = queryClient.ensureInfiniteQueryData(listQueryOf(deps));
    // A new filter on the open list does not wait here: the page stays, with its filters, and
    // shows the earlier contracts until the new ones arrive (or the list's own error state).
    if (cause === "stay") list.catch(() => {});
    await Promise.all([
      queryClient.ensureQueryData(currentUserQuery()),
      cause === "stay" ? null : list,
    ]);
  },
  component: OrderListPage,
});

function listQueryOf(search: OrderListSearch) {
  return contractListQuery(orderListFilterOf(search));
}

/**
 * The entry page: the lender's own contracts or the contracts addressed to the borrower, newest
 * first, filtered by status and type, loaded page by page as the list scrolls (docs/screens.md#order-list).
 */
function OrderListPage() {
  const { _ } = useLingui();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const { locale } = useLanguage();
  const search = Route.useSearch();
  const { status, type } = search;
  const { data: user } = useSuspenseQuery(currentUserQuery());
  const isLender = user.role === "lender";
  const lenderTimeZone = user.lender?.timeZone ?? null;
  const listQuery = listQueryOf(search);
  const list = useInfiniteQuery({ ...listQuery, placeholderData: keepPreviousData });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [refreshing, setRefreshing] = useState(false);
  const [exporting, setExporting] = useState(false);
  // Mounted from the first opening on, so it can animate shut.
  const [exportOpened, setExportOpened] = useState(false);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (touched) return;
    const arm = () => setTouched(true);
    window.addEventListener("touchstart", arm, { passive: true, once: true });
    return () => window.removeEventListener("touchstart", arm);
  }, [touched]);

  /** Pulled down: the first page again; its contracts stay on screen until it arrives. */
  const refresh = async () => {
    setRefreshing(true);
    // Only the first page is asked again: the ones after it start over from its cursor.
    queryClient.setQueryData(listQuery.queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    await list.refetch();
    setRefreshing(false);
  };

  // The first page is here (an earlier filter's, while a new one loads: `isPlaceholderData`).
  const loaded = list.data !== undefined;
  // A first page that failed (a new filter's): the list's own error state with a retry.
  const listFailure = list.isError && !loaded ? failureMessage(list.error, _) : null;
  // A page after it, or a pull to refresh, that failed: said at the end of the list, with a retry.
  const pageFailure =
    list.isFetchNextPageError || (list.isRefetchError && loaded)
      ? failureMessage(list.error, _)
      : null;
  const retryPage = () => void (list.isFetchNextPageError ? list.fetchNextPage() : refresh());
  const busy = list.isFetching && !refreshing;
  const sentinel = useRef<HTMLDivElement>(null);
  // Infinite scroll: the next page loads when the end of the list comes into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !list.hasNextPage || list.isFetching || pageFailure || listFailure) return;
    if (typeof IntersectionObserver === "undefined") return; // the 'load more' button remains
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void list.fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  });

  const open = (contract: Contract) => {
    if (isLender) {
      void navigate({ to: "/pages/order/common", search: { id: contract.id } });
    } else if (isUnsigned(contract.status)) {
      void navigate({ to: "/pages/loans/sign", search: { code: contract.code } });
    } else {
      void navigate({ to: "/pages/loans/signDetail", search: { id: contract.id } });
    }
  };

  return (
    <>
      <PageHeader
        title={_("orderList.title")}
        actions={
          isLender ? (
            <Button
              variant="ghost"
              onClick={() => void navigate({ to: "/pages/order/addContract" })}
            >
              {_("contract.create")}
            </Button>
          ) : null
        }
      />
      <div className="page">
        <div className="order-filters">
          <Select
            label={_("contract.status")}
            value={status ?? "all"}
            options={[
              { value: "all", label: _("common.all") },
              ...contractStatusesInLifecycleOrder.map((code) => ({
                value: code,
                label: _(`contract.status.${code}`),
              })),
            ]}
            onValueChange={(value) =>
              void navigate({
                search: (previous) => ({
                  ...previous,
                  status: value === "all" ? undefined : (value as ContractStatus),
                }),
                replace: true,
              })
            }
          />
          <SegmentedControl<ContractTypeFilter>
            label={_("contract.type")}
            value={type ?? "all"}
            options={[
              { value: "all", label: _("contract.type.all") },
              { value: "single", label: _("contract.type.single") },
              { value: "instalment", label: _("contract.type.instalment") },
            ]}
            onValueChange={(value) =>
              void navigate({
                search: (previous) => ({ ...previous, type: value === "all" ? undefined : value }),
                replace: true,
              })
            }
          />
          {lenderTimeZone ? (
            <Button
              variant="ghost"
              className="order-filters__export"
              icon={<DownloadIcon />}
              onClick={() => {
                setExportOpened(true);
                setExporting(true);
              }}
            >
              {_("contract.export.action")}
            </Button>
          ) : null}
        </div>

        {/* Loading, failed and empty are three different states (docs/screens.md). */}
        {!loaded && list.isPending ? <ListSkeleton label={_("orderList.loading")} /> : null}
        {listFailure ? (
          <ErrorState
            title={_("orderList.loadFailed")}
            description={listFailure}
            retryLabel={_("common.retry")}
            onRetry={() => void list.refetch()}
          />
        ) : null}
        {loaded && items.length === 0 && !busy ? (
          <EmptyState title={_("contract.noResults")} />
        ) : null}

        <ul className="contract-list" aria-busy={busy}>
          {items.map((contract) => (
            <li key={contract.id}>
              <ContractCard
                contract={{
                  name: contract.name,
                  number: contract.number,
                  // A lender sees whom he lent to; a borrower, who lent to him (not his own phone).
                  ...(isLender
                    ? { borrowerPhone: displayPhone(contract.borrowerPhone) }
                    : { counterpartyName: contract.lender }),
                  loanAmount: contract.loanAmount,
                  currency: contract.currency,
                  loanDate: contract.loanDate,
                  repaymentDate: dueDateShown(contract).date,
                  status: contract.status,
                  instalmentCount: contract.instalmentCount,
                  ...(isUnsigned(contract.status)
                    ? {}
                    : { outstandingAmount: contract.outstandingAmount }),
                }}
                labels={{
                  status: _(`contract.status.${contract.status}`),
                  loanAmount: _("contract.loanAmount"),
                  loanDate: _("contract.loanDate"),
                  repaymentDate: _(dueDateShown(contract).label),
                  outstanding: _("contract.outstandingAmount"),
                  single: _("contract.type.single"),
                  instalments: (count) => _("document.instalments", { count }),
                }}
                onOpen={() => open(contract)}
                actions={
                  isLender ? (
                    // The borrower behind the contract (docs/customers.md, "Customer details").
                    <Button
                      variant="ghost"
                      onClick={() =>
                        void navigate({ to: "/pages/order/customer", search: { id: contract.id } })
                      }
                    >
                      {_("customer.view")}
                    </Button>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>

        <div ref={sentinel} className="contract-list__end" lang={locale}>
          {list.isFetchingNextPage ? (
            <ListSkeleton count={1} label={_("orderList.loading")} />
          ) : null}
          {pageFailure ? (
            <>
              <p className="page__error" role="alert">
                {pageFailure}
              </p>
              <Button variant="secondary" onClick={retryPage}>
                {_("common.retry")}
              </Button>
            </>
          ) : null}
          {loaded && !list.isFetching && !pageFailure && list.hasNextPage ? (
            <Button variant="ghost" onClick={() => void list.fetchNextPage()}>
              {_("common.loadMore")}
            </Button>
          ) : null}
          {loaded && !list.isFetching && !list.hasNextPage && items.length > 0 ? (
            <p className="page__note">{_("common.noMore")}</p>
          ) : null}
        </div>
      </div>
      {touched && (loaded || listFailure) ? (
        <Suspense fallback={null}>
          <PullToRefresh onRefresh={() => void refresh()} refreshing={refreshing} />
        </Suspense>
      ) : null}
      {lenderTimeZone && exportOpened ? (
        <Suspense fallback={null}>
          <ContractExportSheet
            open={exporting}
            onClose={() => setExporting(false)}
            filter={{ ...(status ? { status } : {}), ...(type ? { type } : {}) }}
            timeZone={lenderTimeZone}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M5 19h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
