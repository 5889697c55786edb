package dev.skills.sources.index;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.skills.sources.Deadline;
import dev.skills.sources.FetchBudget;
import dev.skills.sources.FolderTrees;
import dev.skills.sources.SkillSource;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.http.FetchRules;
import dev.skills.sources.http.GuardedHttp;
import dev.skills.sources.http.GuardedHttp.Response;
import dev.skills.sources.index.PublishedIndex.Artifact;
import dev.skills.sources.index.PublishedIndex.Entry;
import org.jspecify.annotations.Nullable;

/**
 * A published skill index. A fetch asks for the index (conditionally, once it holds one:
 * an unchanged index is one small request); its revision is the SHA-256 of the index's
 * bytes, so instances on the same index serve the same revision. A checkout fetches the
 * skills it lists (at most {@code max-files} of them, all within one timeout and the
 * revision's bytes), verifies each digest before a byte is used, and writes it under the
 * skill's name; a skill whose entry is unchanged since the revision served is linked from
 * there, not fetched again. A skill that cannot be used is left out with a warning.
 */
final class IndexSkillSource implements SkillSource {

	// An index is a list of names and links: more than this is not one.
	static final int MAX_INDEX_BYTES = 4 * 1024 * 1024;

	private final IndexSourceSettings settings;

	private final SourcesSettings limits;

	private final GuardedHttp http;

	private final Path store;

	private final Function<String, Path> revisionFolder;

	private final String name;

	// The last index fetched, whether served or not; only the source's thread writes it.
	private volatile @Nullable Fetched last;

	// The entries of the last checkouts by revision, to link unchanged skills from.
	private final Map<String, Map<String, Entry>> checkedOut = new LinkedHashMap<>();

	private volatile List<String> warnings = List.of();

	IndexSkillSource(IndexSourceSettings settings, SourcesSettings limits, Path store,
			Function<String, Path> revisionFolder) {
		this.settings = settings;
		this.limits = limits;
		this.http = new GuardedHttp(new FetchRules(settings.url(), settings.allowedHosts(), settings.credentials()),
				"skills-index-http");
		this.store = store;
		this.revisionFolder = revisionFolder;
		this.name = GuardedHttp.where(settings.url());
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public String type() {
		return "index";
	}

	@Override
	public boolean moves() {
		return true;
	}

	@Override
	public Duration refreshInterval() {
		return this.settings.refreshInterval();
	}

	@Override
	public String fetch() throws IOException {
		Fetched last = this.last;
		Map<String, String> conditions = new HashMap<>();
		if (last != null && last.etag() != null) {
			conditions.put("If-None-Match", last.etag());
		}
		if (last != null && last.lastModified() != null) {
			conditions.put("If-Modified-Since", last.lastModified());
		}
		byte[] body;
		String etag;
		String lastModified;
		try (Response response = this.http.get(this.settings.url(), conditions, Deadline.after(this.limits.timeout()),
				new FetchBudget(1, MAX_INDEX_BYTES))) {
			if (response.status() == 304) {
				if (last == null) {
					throw new IOException("HTTP 304 to an unconditional request");
				}
				return last.revision();
			}
			if (response.status() != 200) {
				throw new IOException(GuardedHttp.where(this.settings.url()) + ": HTTP " + response.status());
			}
			body = response.body().readAllBytes();
			etag = response.headers().firstValue("ETag").orElse(null);
			lastModified = response.headers().firstValue("Last-Modified").orElse(null);
		}
		String revision = sha256(body);
		if (last != null && last.revision().equals(revision)) {
			this.last = new Fetched(revision, etag, lastModified, last.index());
			return revision;
		}
		PublishedIndex index;
		try {
			index = PublishedIndex.parse(body, this.settings.url(), MAX_INDEX_BYTES);
		}
		catch (IllegalArgumentException ex) {
			throw new IOException(ex.getMessage());
		}
		this.last = new Fetched(revision, etag, lastModified, index);
		return revision;
	}

	@Override
	public void checkout(String revision, @Nullable String served, Path into) throws IOException {
		Fetched fetched = this.last;
		if (fetched == null || !fetched.revision().equals(revision)) {
			throw new IOException("revision " + revision + " is not the index fetched last");
		}
		List<String> warnings = new ArrayList<>(fetched.index().warnings());
		List<Entry> entries = fetched.index().skills();
		if (entries.size() > this.limits.maxFiles()) {
			warnings.add((entries.size() - this.limits.maxFiles()) + " skills after the first " + this.limits.maxFiles()
					+ " (max-files) not fetched");
			entries = entries.subList(0, this.limits.maxFiles());
		}
		Map<String, Entry> servedEntries = (served != null) ? this.checkedOut.get(served) : null;
		Path servedFolder = (served != null) ? this.revisionFolder.apply(served) : null;
		FetchBudget budget = this.limits.budget();
		Deadline deadline = Deadline.after(this.limits.timeout());
		Files.createDirectories(this.store);
		Path download = this.store.resolve("download");
		Artifacts artifacts = new Artifacts(this.http, download, deadline, budget);
		Map<String, Entry> written = new LinkedHashMap<>();
		try {
			for (Entry entry : entries) {
				deadline.check();
				Path folder = into.resolve(entry.name());
				try {
					if (servedEntries != null && entry.equals(servedEntries.get(entry.name()))
							&& Files.isDirectory(servedFolder.resolve(entry.name()), LinkOption.NOFOLLOW_LINKS)) {
						link(servedFolder.resolve(entry.name()), folder, budget);
					}
					else {
						write(entry, folder, artifacts, budget, deadline);
					}
					written.put(entry.name(), entry);
				}
				catch (UnusableSkillException ex) {
					FolderTrees.delete(folder);
					warnings.add("skill '" + entry.name() + "' skipped: " + ex.getMessage());
				}
			}
		}
		finally {
			// What a failed download left is no use to the next checkout.
			Files.deleteIfExists(download);
		}
		this.checkedOut.put(revision, written);
		while (this.checkedOut.size() > 2) {
			this.checkedOut.remove(this.checkedOut.keySet().iterator().next());
		}
		this.warnings = List.copyOf(warnings);
	}

	@Override
	public List<String> warnings() {
		return this.warnings;
	}

	@Override
	public void close() {
		this.http.close();
	}

	private void write(Entry entry, Path folder, Artifacts artifacts, FetchBudget budget, Deadline deadline)
			throws IOException, UnusableSkillException {
		Files.createDirectories(folder);
		for (Artifact artifact : entry.artifacts()) {
			Path download = artifacts.fetch(artifact);
			if (entry.archive()) {
				long size = Files.size(download);
				Archives.unpack(download, folder, budget, deadline);
				// The archive's bytes are given back once its files are counted instead.
				budget.release(0, size);
			}
			else {
				Path target = folder.resolve(artifact.path());
				Files.createDirectories(target.getParent());
				budget.file();
				Files.move(download, target, StandardCopyOption.ATOMIC_MOVE);
			}
		}
		if (!Files.isRegularFile(folder.resolve("SKILL.md"), LinkOption.NOFOLLOW_LINKS)) {
			throw new UnusableSkillException("it has no SKILL.md");
		}
	}

	// A skill folder of the revision served, shared into the next one.
	private static void link(Path from, Path to, FetchBudget budget) throws IOException {
		Files.createDirectories(to);
		try (DirectoryStream<Path> children = Files.newDirectoryStream(from)) {
			for (Path child : children) {
				Path target = to.resolve(child.getFileName().toString());
				if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
					link(child, target, budget);
				}
				else if (Files.isRegularFile(child, LinkOption.NOFOLLOW_LINKS)) {
					budget.file();
					budget.bytes(Files.size(child));
					try {
						Files.createLink(target, child);
					}
					catch (IOException | UnsupportedOperationException ex) {
						Files.copy(child, target);
					}
				}
			}
		}
	}

	static String sha256(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private record Fetched(String revision, @Nullable String etag, @Nullable String lastModified,
			PublishedIndex index) {
	}

}
