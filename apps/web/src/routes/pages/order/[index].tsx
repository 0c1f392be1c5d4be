import { type ContractTypeFilter, contractStatuses, displayPhone } from "@chayong/domain";
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
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useApi } from "../../../app/services";
import {
  type Contract,
  type ContractStatus,
  dueDateShown,
  isUnsigned,
} from "../../../features/contracts/contract-labels";
import { useLanguage } from "../../../language/language";
import { failureMessage } from "../../../session/screen-message";
import { useCurrentUser } from "../../../state/current-user";

interface OrderListSearch {
  status?: ContractStatus;
  type?: Exclude<ContractTypeFilter, "all">;
}

const pageSize = 20;

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
  staticData: { titleId: "orderList.title", tab: "order" },
  validateSearch: (search: Record<string, unknown>): OrderListSearch => ({
    ...(contractStatuses.includes(search.status as ContractStatus)
      ? { status: search.status as ContractStatus }
      : {}),
    ...(search.type === "single" || search.type === "instalment" ? { type: search.type } : {}),
  }),
  component: OrderListPage,
});

interface ListState {
  items: Contract[];
  /** Where the next page starts; null once the last page is here. */
  nextCursor: string | null;
  /** Whether the first page has arrived (so an empty list is known to be empty). */
  loaded: boolean;
  loading: boolean;
  /**
   * The last request failed: what to say (the error catalogue may have said it already; the list
   * still shows its error state, never the empty state), and the page to ask for again.
   */
  failure: { message: string; cursor: string | null } | null;
}

const initialList: ListState = {
  items: [],
  nextCursor: null,
  loaded: false,
  loading: true,
  failure: null,
};

/**
 * The entry page: the lender's own contracts or the contracts addressed to the borrower, newest
 * first, filtered by status and type, loaded page by page as the list scrolls (docs/screens.md#order-list).
 */
function OrderListPage() {
  const { _ } = useLingui();
  const api = useApi();
  const navigate = useNavigate({ from: Route.fullPath });
  const { locale } = useLanguage();
  const { status, type } = Route.useSearch();
  const user = useCurrentUser();
  const isLender = user.data?.role === "lender";
  const lenderTimeZone = user.data?.lender?.timeZone ?? null;
  const [exporting, setExporting] = useState(false);
  // Mounted from the first opening on, so it can animate shut.
  const [exportOpened, setExportOpened] = useState(false);
  const [list, setList] = useState<ListState>(initialList);
  const [refreshing, setRefreshing] = useState(false);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (touched) return;
    const arm = () => setTouched(true);
    window.addEventListener("touchstart", arm, { passive: true, once: true });
    return () => window.removeEventListener("touchstart", arm);
  }, [touched]);
  const request = useRef(0);

  /** The first page (no cursor) or the page after `cursor`, appended to what is shown. */
  const loadPage = async (cursor: string | null) => {
    const id = ++request.current;
    setList((current) => ({ ...current, loading: true, failure: null }));
    try {
      const answer = await api.contract.query({
        ...(status ? { status } : {}),
        type: type ?? "all",
        ...(cursor ? { cursor } : {}),
        pageSize,
      });
      if (id !== request.current) return;
      setList((current) => ({
        items: cursor ? [...current.items, ...answer.items] : answer.items,
        nextCursor: answer.nextCursor,
        loaded: true,
        loading: false,
        failure: null,
      }));
    } catch (error) {
      if (id !== request.current) return;
      setList((current) => ({
        ...current,
        loading: false,
        failure: { message: failureMessage(error, _), cursor },
      }));
    }
  };

  /** Pulled down: the first page again, the contracts shown stay until it arrives. */
  const refresh = async () => {
    setRefreshing(true);
    await loadPage(null);
    setRefreshing(false);
  };

  // A new filter starts again from the first page.
  useEffect(() => {
    setList(initialList);
    void loadPage(null);
  }, [status, type]);

  const hasMore = list.nextCursor !== null;
  const sentinel = useRef<HTMLDivElement>(null);
  // Infinite scroll: the next page loads when the end of the list comes into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || list.loading || list.failure) return;
    if (typeof IntersectionObserver === "undefined") return; // the 'load more' button remains
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadPage(list.nextCursor);
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
              ...contractStatuses.map((code) => ({
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
        {!list.loaded && list.loading ? <ListSkeleton label={_("orderList.loading")} /> : null}
        {!list.loaded && list.failure ? (
          <ErrorState
            title={_("orderList.loadFailed")}
            description={list.failure.message}
            retryLabel={_("common.retry")}
            onRetry={() => void loadPage(null)}
          />
        ) : null}
        {list.loaded && list.items.length === 0 && !list.loading && !list.failure ? (
          <EmptyState title={_("contract.noResults")} />
        ) : null}

        <ul className="contract-list" aria-busy={list.loading}>
          {list.items.map((contract) => (
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
          {list.loaded && list.loading && !refreshing ? (
            <ListSkeleton count={1} label={_("orderList.loading")} />
          ) : null}
          {list.loaded && list.failure ? (
            <>
              <p className="page__error" role="alert">
                {list.failure.message}
              </p>
              <Button
                variant="secondary"
                onClick={() => void loadPage(list.failure?.cursor ?? null)}
              >
                {_("common.retry")}
              </Button>
            </>
          ) : null}
          {!list.loading && !list.failure && hasMore ? (
            <Button variant="ghost" onClick={() => void loadPage(list.nextCursor)}>
              {_("common.loadMore")}
            </Button>
          ) : null}
          {!list.loading && !hasMore && list.items.length > 0 ? (
            <p className="page__note">{_("common.noMore")}</p>
          ) : null}
        </div>
      </div>
      {touched && (list.loaded || list.failure) ? (
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
