CREATE TABLE "gpt_system_share_invitations" (
	"gpt_system_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gpt_system_share_invitations_gpt_system_id_email_pk" PRIMARY KEY("gpt_system_id","email")
);
--> statement-breakpoint
ALTER TABLE "gpt_system_share_invitations" ADD CONSTRAINT "gpt_system_share_invitations_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gpt_system_share_invitations_email_idx" ON "gpt_system_share_invitations" USING btree ("email");