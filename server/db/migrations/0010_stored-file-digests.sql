CREATE TABLE "stored_file_digests" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_digests_bucket_key_pk" PRIMARY KEY("bucket","key")
);
