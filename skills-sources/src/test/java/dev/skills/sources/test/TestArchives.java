package dev.skills.sources.test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * Archives as a publisher builds them, entry names as given (hostile ones included).
 */
public final class TestArchives {

	private TestArchives() {
	}

	/**
	 * A zip archive.
	 * @param entries entry names and their text, in order
	 * @return the archive's bytes
	 */
	public static byte[] zip(Map<String, String> entries) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
			for (Map.Entry<String, String> entry : entries.entrySet()) {
				zip.putNextEntry(new ZipEntry(entry.getKey()));
				zip.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
				zip.closeEntry();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

	/**
	 * A gzipped tar archive.
	 * @param entries entry names and their text, in order
	 * @param links symbolic link names and their targets
	 * @return the archive's bytes
	 */
	public static byte[] tarGz(Map<String, String> entries, Map<String, String> links) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GZIPOutputStream(bytes))) {
			tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
			for (Map.Entry<String, String> entry : entries.entrySet()) {
				byte[] content = entry.getValue().getBytes(StandardCharsets.UTF_8);
				TarArchiveEntry file = new TarArchiveEntry(entry.getKey(), true);
				file.setSize(content.length);
				tar.putArchiveEntry(file);
				tar.write(content);
				tar.closeArchiveEntry();
			}
			for (Map.Entry<String, String> link : links.entrySet()) {
				TarArchiveEntry entry = new TarArchiveEntry(link.getKey(), TarArchiveEntry.LF_SYMLINK, true);
				entry.setLinkName(link.getValue());
				tar.putArchiveEntry(entry);
				tar.closeArchiveEntry();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

}
