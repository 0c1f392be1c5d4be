import "./home.css";
import { displayPhone } from "@chayong/domain";
import { Button, ContractCard, EmptyState, PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type CurrentUser, currentUserQuery } from "../../data/api-query";
import { useBack } from "../../session/use-back";
import { type Contract, dueDateShown, isUnsigned } from "../contracts/contract-labels";
import { homeContractsQuery } from "./home-contracts";
import { type HomeStep, HomeSteps } from "./home-steps";

/**
 * The home page (docs/screens.md, "Home"): the three steps a borrower takes, with pictures; then,
 * for a borrower, the contracts waiting to be signed or repaid; for a lender, a short start
 * (create a contract, templates) and the newest contracts. Its route's loader has read both.
 */
export function HomePage() {
  const { _ } = useLingui();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  const back = useBack();
  return (
    <>
      {/* Not one of the tabs, so no tab bar: back leads to where he came from, or the order
          list (docs/screens.md, "Home"). */}
      <PageHeader title={_("home.title")} onBack={back} />
      <div className="page home">
        {user.role === "lender" ? <LenderHome /> : <BorrowerHome user={user} />}
      </div>
    </>
  );
}

/** The borrower's steps and the contracts addressed to him that wait for him. */
function BorrowerHome({ user }: { user: CurrentUser }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const { data: items } = useSuspenseQuery(homeContractsQuery(user.role));
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
      {toSign.length === 0 && toRepay.length === 0 ? (
        <EmptyState title={_("home.borrower.none")} description={_("home.borrower.noneHint")} />
      ) : null}
      <ContractSection titleId="home.borrower.toSign" contracts={toSign} />
      <ContractSection titleId="home.borrower.toRepay" contracts={toRepay} />
    </>
  );
}

/** The lender's start: create a contract, templates, and the newest contracts. */
function LenderHome() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const { data: items } = useSuspenseQuery(homeContractsQuery("lender"));
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
      {items.length === 0 ? <EmptyState title={_("home.lender.none")} /> : null}
      <ContractSection titleId="home.lender.latest" contracts={items} seeAll />
    </>
  );
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
  const isLender = useSuspenseQuery(currentUserQuery()).data.role === "lender";
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
