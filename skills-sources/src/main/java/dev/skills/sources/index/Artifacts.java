package dev.skills.sources.index;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

import dev.skills.core.internal.prompt.ModelText;
import dev.skills.sources.Deadline;
import dev.skills.sources.FetchBudget;
import dev.skills.sources.FetchLimitException;
import dev.skills.sources.http.GuardedHttp;
import dev.skills.sources.http.GuardedHttp.Response;
import dev.skills.sources.http.Origin;
import dev.skills.sources.index.PublishedIndex.Artifact;

/**
 * Downloads one checkout's artifacts: only from the index's origin or a host the operator
 * allowed (another is refused without a request); each streamed to a file while it is
 * hashed, cut as soon as it passes the revision's bytes left; every byte received
 * charged, whether the download fails, does not match its digest, or is used. A message
 * about an artifact on another origin never repeats what that origin answered (its
 * status, its digest): the index must not make this application an oracle for other
 * hosts.
 */
final class Artifacts {

	private static final int BUFFER = 16 * 1024;

	private final GuardedHttp http;

	private final Path download;

	private final Deadline deadline;

	private final FetchBudget budget;

	/**
	 * The downloads of one checkout.
	 * @param http the source's client
	 * @param download the file each download is written to, replaced each time
	 * @param deadline when the checkout must be over
	 * @param budget the revision's budget
	 */
	Artifacts(GuardedHttp http, Path download, Deadline deadline, FetchBudget budget) {
		this.http = http;
		this.download = download;
		this.deadline = deadline;
		this.budget = budget;
	}

	/**
	 * Download an artifact and verify it.
	 * @param artifact the artifact
	 * @return the file holding its bytes, their digest the index's; its bytes are charged
	 * @throws UnusableSkillException when it is refused, cannot be fetched, or does not
	 * match its digest
	 * @throws FetchLimitException when the revision's bytes, requests or time run out
	 * @throws IOException when the file cannot be written
	 */
	Path fetch(Artifact artifact) throws UnusableSkillException, IOException {
		URI url = artifact.url();
		boolean home = this.http.rules().home(url);
		if (!this.http.rules().allows(url)) {
			throw new UnusableSkillException("its artifact on host '" + host(url)
					+ "' was refused: it is neither on the index's origin nor on a host of allowed-hosts");
		}
		this.budget.request();
		MessageDigest digest = sha256();
		try (Response response = this.http.get(url, Map.of(), this.deadline, this.budget)) {
			if (response.status() != 200) {
				throw new UnusableSkillException(home ? GuardedHttp.where(url) + ": HTTP " + response.status()
						: "its artifact on host '" + host(url) + "' could not be fetched");
			}
			save(response.body(), digest);
		}
		catch (FetchLimitException ex) {
			throw ex;
		}
		catch (IOException ex) {
			throw new UnusableSkillException(home ? ModelText.echo(String.valueOf(ex.getMessage()), 300)
					: "its artifact on host '" + host(url) + "' could not be fetched");
		}
		if (!HexFormat.of().formatHex(digest.digest()).equals(artifact.sha256())) {
			throw new UnusableSkillException((home ? "the bytes of " + GuardedHttp.where(url) + " do not match"
					: "its artifact on host '" + host(url) + "' does not match") + " the index's sha256:"
					+ artifact.sha256());
		}
		return this.download;
	}

	// Streamed to the file and hashed as it arrives; the body charges the budget.
	private void save(InputStream body, MessageDigest digest) throws IOException {
		byte[] buffer = new byte[BUFFER];
		try (OutputStream out = Files.newOutputStream(this.download)) {
			for (int read = body.read(buffer); read >= 0; read = body.read(buffer)) {
				digest.update(buffer, 0, read);
				out.write(buffer, 0, read);
			}
		}
	}

	private static String host(URI url) {
		Origin origin = Origin.of(url);
		return ModelText.echo((origin != null) ? origin.host() : "?");
	}

	private static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
