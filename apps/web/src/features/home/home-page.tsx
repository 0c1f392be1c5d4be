import "./home.css";
import { displayPhone } from "@chayong/domain";
import {
  Button,
  ContractCard,
  EmptyState,
  ErrorState,
  ListSkeleton,
  PageHeader,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useApi } from "../../app/services";
import { useLoad } from "../../data/use-load";
import { failureMessage } from "../../session/screen-message";
import { type CurrentUser, useCurrentUser } from "../../state/current-user";
import { type Contract, dueDateShown, isUnsigned } from "../contracts/contract-labels";
import { type HomeStep, HomeSteps } from "./home-steps";

/** How many of the lender's newest contracts the home page lists. */
const latestCount = 3;

/**
 * The home page (docs/screens.md, "Home"): the three steps a borrower takes, with pictures; then,
 * for a borrower, the contracts waiting to be signed or repaid; for a lender, a short start
 * (create a contract, templates) and the newest contracts.
 */
export function HomePage() {
  const { _ } = useLingui();
  const user = useCurrentUser();
  return (
    <>
      {/* The home page is a root, like the tabs: nothing to go back to. */}
      <PageHeader title={_("home.title")} />
      <div className="page home">
        {user.status === "failed" ? (
          <ErrorState
            title={_("common.loadFailed")}
            description={failureMessage(user.error, _)}
            retryLabel={_("common.retry")}
            onRetry={user.reload}
          />
        ) : !user.data ? (
          <ListSkeleton count={2} label={_("common.loading")} />
        ) : user.data.role === "lender" ? (
          <LenderHome />
        ) : (
          <BorrowerHome user={user.data} />
        )}
      </div>
    </>
  );
}

/** The borrower's steps and the contracts addressed to him that wait for him. */
function BorrowerHome({ user }: { user: CurrentUser }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const contracts = useContracts(20);
  const items = contracts.data ?? [];
  const toSign = items.filter((contract) => isUnsigned(contract.status) && !contract.cancelled);
  const toRepay = items.filter(
    (contract) => contract.status === "type4" || contract.status === "type6",
  );
  const signedOne = items.some((contract) => !isUnsigned(contract.status));
  const steps: HomeStep[] = [
    { id: "login", state: "done" },
    {
      id: "verify",
      state: user.identityVerified ? "done" : "current",
      action: (
        <Button onClick={() => void navigate({ to: "/pages/me/face" })}>
          {_("home.verify.start")}
        </Button>
      ),
    },
    {
      id: "sign",
      state: toSign.length > 0 && user.identityVerified ? "current" : signedOne ? "done" : "todo",
    },
  ];
  return (
    <>
      <HomeSteps steps={steps} />
      <ContractsState contracts={contracts}>
        {toSign.length === 0 && toRepay.length === 0 ? (
          <EmptyState title={_("home.borrower.none")} description={_("home.borrower.noneHint")} />
        ) : null}
        <ContractSection titleId="home.borrower.toSign" contracts={toSign} />
        <ContractSection titleId="home.borrower.toRepay" contracts={toRepay} />
      </ContractsState>
    </>
  );
}

/** The lender's start: create a contract, templates, and the newest contracts. */
function LenderHome() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const contracts = useContracts(latestCount);
  const items = contracts.data ?? [];
  return (
    <>
      <section className="home-start" aria-labelledby="home-start-title">
        <h2 className="page__section-title" id="home-start-title">
          {_("home.lender.start")}
        </h2>
        <p className="page__note">{_("home.lender.startHint")}</p>
        <div className="home-start__actions">
          <Button size="lg" block onClick={() => void navigate({ to: "/pages/order/addContract" })}>
            {_("contract.create")}
          </Button>
          <Button
            variant="secondary"
            block
            onClick={() => void navigate({ to: "/pages/template/list" })}
          >
            {_("template.list.title")}
          </Button>
        </div>
      </section>
      <ContractsState contracts={contracts}>
        {items.length === 0 ? <EmptyState title={_("home.lender.none")} /> : null}
        <ContractSection titleId="home.lender.latest" contracts={items} seeAll />
      </ContractsState>
    </>
  );
}

function useContracts(pageSize: number) {
  const api = useApi();
  return useLoad(
    async (signal) => (await api.contract.query({ type: "all", pageSize }, { signal })).items,
    [api, pageSize],
  );
}

/** Skeleton while the contracts load, an error with retry, or what the page makes of them. */
function ContractsState({
  contracts,
  children,
}: {
  contracts: ReturnType<typeof useContracts>;
  children: React.ReactNode;
}) {
  const { _ } = useLingui();
  if (contracts.status === "failed") {
    return (
      <ErrorState
        title={_("orderList.loadFailed")}
        description={failureMessage(contracts.error, _)}
        retryLabel={_("common.retry")}
        onRetry={contracts.reload}
      />
    );
  }
  if (!contracts.data) return <ListSkeleton count={2} label={_("orderList.loading")} />;
  return <>{children}</>;
}

function ContractSection({
  titleId,
  contracts,
  seeAll = false,
}: {
  titleId: string;
  contracts: readonly Contract[];
  seeAll?: boolean;
}) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const isLender = useCurrentUser().data?.role === "lender";
  if (contracts.length === 0) return null;
  const open = (contract: Contract) => {
    if (isLender) {
      void navigate({ to: "/pages/order/common", search: { id: contract.id } });
    } else if (isUnsigned(contract.status)) {
      void navigate({ to: "/pages/loans/sign", search: { code: contract.code } });
    } else {
      void navigate({ to: "/pages/loans/signDetail", search: { id: contract.id } });
    }
  };
  const headingId = `home-${titleId.replaceAll(".", "-")}`;
  return (
    <section className="page__section" aria-labelledby={headingId}>
      <div className="home-section__head">
        <h2 className="page__section-title" id={headingId}>
          {_(titleId)}
        </h2>
        {seeAll ? (
          <Button variant="ghost" onClick={() => void navigate({ to: "/pages/order/index" })}>
            {_("home.seeAll")}
          </Button>
        ) : null}
      </div>
      <ul className="contract-list">
        {contracts.map((contract) => (
          <li key={contract.id}>
            <ContractCard
              contract={{
                name: contract.name,
                borrowerPhone: displayPhone(contract.borrowerPhone),
                ...(isLender ? {} : { counterpartyName: contract.lender }),
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
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
