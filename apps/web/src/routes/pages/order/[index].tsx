import { type ContractTypeFilter, contractStatuses, displayPhone } from "@chayong/domain";
import {
  Button,
  ContractCard,
  EmptyState,
  PageHeader,
  SegmentedControl,
  Select,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useApi } from "../../../app/services";
import {
  type Contract,
  type ContractStatus,
  isUnsigned,
} from "../../../features/contracts/contract-labels";
import { useLanguage } from "../../../language/language";
import { screenMessage } from "../../../session/screen-message";
import { useCurrentUser } from "../../../state/current-user";

interface OrderListSearch {
  status?: ContractStatus;
  type?: Exclude<ContractTypeFilter, "all">;
}

const pageSize = 20;

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
  error: string | null;
}

const initialList: ListState = {
  items: [],
  nextCursor: null,
  loaded: false,
  loading: true,
  error: null,
};

/**
 * The entry page: the lender's own contracts or the contracts addressed to the borrower, newest
 * first, filtered by status and type, loaded page by page as the list scrolls (spec §2).
 */
function OrderListPage() {
  const { _ } = useLingui();
  const api = useApi();
  const navigate = useNavigate({ from: Route.fullPath });
  const { locale } = useLanguage();
  const { status, type } = Route.useSearch();
  const user = useCurrentUser();
  const isLender = user.data?.role === "lender";
  const [list, setList] = useState<ListState>(initialList);
  const request = useRef(0);

  /** The first page (no cursor) or the page after `cursor`, appended to what is shown. */
  const loadPage = async (cursor: string | null) => {
    const id = ++request.current;
    setList((current) => ({ ...current, loading: true, error: null }));
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
        error: null,
      }));
    } catch (error) {
      if (id !== request.current) return;
      setList((current) => ({ ...current, loading: false, error: screenMessage(error, _) }));
    }
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
    if (!target || !hasMore || list.loading || list.error) return;
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
        </div>

        {list.loaded && list.items.length === 0 && !list.loading && !list.error ? (
          <EmptyState title={_("contract.noResults")} />
        ) : null}

        <ul className="contract-list" aria-busy={list.loading}>
          {list.items.map((contract) => (
            <li key={contract.id}>
              <ContractCard
                contract={{
                  name: contract.name,
                  borrowerPhone: displayPhone(contract.borrowerPhone),
                  ...(isLender ? {} : { counterpartyName: contract.lender }),
                  loanAmount: contract.loanAmount,
                  currency: contract.currency,
                  loanDate: contract.loanDate,
                  repaymentDate: contract.repaymentDate,
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
                  repaymentDate: _("contract.repaymentDate"),
                  outstanding: _("contract.outstandingAmount"),
                  single: _("contract.type.single"),
                  instalments: (count) => _("document.instalments", { count }),
                }}
                onOpen={() => open(contract)}
              />
            </li>
          ))}
        </ul>

        <div ref={sentinel} className="contract-list__end" lang={locale}>
          {list.loading ? <p className="page__note">{_("common.loading")}</p> : null}
          {list.error ? (
            <>
              <p className="page__error">{list.error}</p>
              <Button
                variant="secondary"
                onClick={() => void loadPage(list.loaded ? list.nextCursor : null)}
              >
                {_("common.retry")}
              </Button>
            </>
          ) : null}
          {!list.loading && !list.error && hasMore ? (
            <Button variant="ghost" onClick={() => void loadPage(list.nextCursor)}>
              {_("common.loadMore")}
            </Button>
          ) : null}
          {!list.loading && !hasMore && list.items.length > 0 ? (
            <p className="page__note">{_("common.noMore")}</p>
          ) : null}
        </div>
      </div>
    </>
  );
}
