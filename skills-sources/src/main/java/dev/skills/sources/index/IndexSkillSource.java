package dev.skills.sources.index;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.skills.core.internal.prompt.ModelText;
import dev.skills.sources.FetchBudget;
import dev.skills.sources.FolderTrees;
import dev.skills.sources.SkillSource;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.index.PublishedIndex.Artifact;
import dev.skills.sources.index.PublishedIndex.Entry;
import org.jspecify.annotations.Nullable;

/**
 * A published skill index. A fetch asks for the index (conditionally, once it holds one:
 * an unchanged index is one small request); its revision is the SHA-256 of the index's
 * bytes, so instances on the same index serve the same revision. A checkout fetches every
 * skill it lists, verifies each digest before a byte is used, and writes it under the
 * skill's name; a skill whose entry is unchanged since the revision served is linked from
 * there, not fetched again. A skill that cannot be used is left out with a warning.
 */
final class IndexSkillSource implements SkillSource {

	// An index is a list of names and links: more than this is not one.
	static final int MAX_INDEX_BYTES = 4 * 1024 * 1024;

	private final IndexSourceSettings settings;

	private final IndexHttp http;

	private final SourcesSettings limits;

	private final Function<String, Path> revisionFolder;

	private final String name;

	// The last index fetched, whether served or not; only the sources' thread writes it.
	private volatile @Nullable Fetched last;

	// The entries of the last checkouts by revision, to link unchanged skills from.
	private final Map<String, Map<String, Entry>> checkedOut = new LinkedHashMap<>();

	private volatile List<String> warnings = List.of();

	IndexSkillSource(IndexSourceSettings settings, SourcesSettings limits, Function<String, Path> revisionFolder) {
		this.settings = settings;
		this.http = new IndexHttp(settings, limits.timeout());
		this.limits = limits;
		this.revisionFolder = revisionFolder;
		this.name = IndexHttp.where(settings.url());
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
		IndexHttp.Response response = this.http.get(this.settings.url(), (last != null) ? last.etag() : null,
				(last != null) ? last.lastModified() : null, MAX_INDEX_BYTES);
		if (response.notModified()) {
			if (last == null) {
				throw new IOException("HTTP 304 to an unconditional request");
			}
			return last.revision();
		}
		String revision = sha256(response.body());
		if (last != null && last.revision().equals(revision)) {
			this.last = new Fetched(revision, response.etag(), response.lastModified(), last.index());
			return revision;
		}
		PublishedIndex index;
		try {
			index = PublishedIndex.parse(response.body(), this.settings.url(), MAX_INDEX_BYTES);
		}
		catch (IllegalArgumentException ex) {
			throw new IOException(ex.getMessage());
		}
		this.last = new Fetched(revision, response.etag(), response.lastModified(), index);
		return revision;
	}

	@Override
	public void checkout(String revision, @Nullable String served, Path into) throws IOException {
		Fetched fetched = this.last;
		if (fetched == null || !fetched.revision().equals(revision)) {
			throw new IOException("revision " + revision + " is not the index fetched last");
		}
		List<String> warnings = new ArrayList<>(fetched.index().warnings());
		Map<String, Entry> servedEntries = (served != null) ? this.checkedOut.get(served) : null;
		Path servedFolder = (served != null) ? this.revisionFolder.apply(served) : null;
		FetchBudget budget = this.limits.budget();
		Map<String, Entry> written = new LinkedHashMap<>();
		for (Entry entry : fetched.index().skills()) {
			Path folder = into.resolve(entry.name());
			try {
				if (servedEntries != null && entry.equals(servedEntries.get(entry.name()))
						&& Files.isDirectory(servedFolder.resolve(entry.name()), LinkOption.NOFOLLOW_LINKS)) {
					Links.copy(servedFolder.resolve(entry.name()), folder, budget);
				}
				else {
					write(entry, folder, budget);
				}
				written.put(entry.name(), entry);
			}
			catch (UnusableSkillException ex) {
				FolderTrees.delete(folder);
				warnings.add("skill '" + entry.name() + "' skipped: " + ex.getMessage());
			}
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

	private void write(Entry entry, Path folder, FetchBudget budget) throws IOException, UnusableSkillException {
		for (Artifact artifact : entry.artifacts()) {
			byte[] bytes = download(artifact, budget);
			if (entry.archive()) {
				Archives.unpack(bytes, folder, budget);
			}
			else {
				Path target = folder.resolve(artifact.path());
				Files.createDirectories(target.getParent());
				budget.file();
				budget.bytes(bytes.length);
				Files.write(target, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
			}
		}
		if (!Files.isRegularFile(folder.resolve("SKILL.md"), LinkOption.NOFOLLOW_LINKS)) {
			throw new UnusableSkillException("it has no SKILL.md");
		}
	}

	// The artifact's bytes once their digest matches the index's.
	private byte[] download(Artifact artifact, FetchBudget budget) throws UnusableSkillException, IOException {
		byte[] bytes;
		try {
			bytes = this.http.get(artifact.url(), null, null, budget.bytesLeft()).body();
		}
		catch (IOException ex) {
			throw new UnusableSkillException(ModelText.echo(String.valueOf(ex.getMessage()), 300));
		}
		String digest = sha256(bytes);
		if (!digest.equals(artifact.sha256())) {
			throw new UnusableSkillException("the digest of " + IndexHttp.where(artifact.url()) + " is sha256:" + digest
					+ ", the index says sha256:" + artifact.sha256());
		}
		return bytes;
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

	/**
	 * A skill folder of the revision served, shared into the next one.
	 */
	private static final class Links {

		private Links() {
		}

		static void copy(Path from, Path to, FetchBudget budget) throws IOException {
			Files.createDirectories(to);
			try (DirectoryStream<Path> children = Files.newDirectoryStream(from)) {
				for (Path child : children) {
					Path target = to.resolve(child.getFileName().toString());
					if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
						copy(child, target, budget);
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

	}

}
