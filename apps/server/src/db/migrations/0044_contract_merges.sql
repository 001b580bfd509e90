CREATE TABLE "contract_merges" (
	"merge_contract_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	CONSTRAINT "contract_merges_merge_contract_id_contract_id_pk" PRIMARY KEY("merge_contract_id","contract_id")
);
--> statement-breakpoint
ALTER TABLE "contract_merges" ADD CONSTRAINT "contract_merges_merge_contract_id_trade_contracts_id_fk" FOREIGN KEY ("merge_contract_id") REFERENCES "public"."trade_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_merges" ADD CONSTRAINT "contract_merges_contract_id_trade_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."trade_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_merges_contract_idx" ON "contract_merges" USING btree ("contract_id");
